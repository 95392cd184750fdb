-- Profile change requests made before the approvals module: each gets its approval (state from the request)
-- and its history lines, so they are decided, listed and audited like new ones.
INSERT INTO approvals (kind, subject_id, employee_id, unit_id, requested_by, state, created_at, decided_at)
SELECT 'employee.profileChange', r.id, r.employee_id, e.unit_id, r.requested_by, r.status, r.requested_at, r.decided_at
FROM employee_change_requests r
JOIN employees e ON e.id = r.employee_id
WHERE r.requested_by IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO approval_history (approval_id, level, action, actor_id, remark, at)
SELECT a.id, 0, 'submitted', r.requested_by, r.reason, r.requested_at
FROM approvals a JOIN employee_change_requests r ON a.kind = 'employee.profileChange' AND r.id = a.subject_id;
--> statement-breakpoint
INSERT INTO approval_history (approval_id, level, action, actor_id, remark, at)
SELECT a.id, 1, r.status, r.decided_by, r.decision_note, r.decided_at
FROM approvals a JOIN employee_change_requests r ON a.kind = 'employee.profileChange' AND r.id = a.subject_id
WHERE r.status IN ('approved', 'rejected') AND r.decided_by IS NOT NULL AND r.decided_at IS NOT NULL;
