-- employee_search (0054): the employee search's narrow copy of employees, one row per employee with what the list's
-- search matches, filters by, sorts by and shows. Kept by statement triggers on employees with transition tables, so an
-- import's COPY or any bulk write keeps it in one set-based statement: an insert copies the new rows, a delete removes
-- them, an update rewrites the rows whose copied columns changed (an id that changed leaves its old row), a truncate
-- clears it. ENABLE ALWAYS as the other triggers of employees (0052): they fire in replica mode too, which the bulk
-- writes use for their COPY (lib/bulk.ts foreignKeysOnce).
CREATE OR REPLACE FUNCTION hr_employee_search_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_search (id, unit_id, department_id, designation_id, category_id, status, employee_code, name, mobile,
        email, date_of_joining, has_photo)
    SELECT id, unit_id, department_id, designation_id, category_id, status, employee_code, name, mobile,
        email, date_of_joining, photo_key IS NOT NULL
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM employee_search s USING old_rows o WHERE s.id = o.id;
  ELSE
    DELETE FROM employee_search s USING old_rows o
    WHERE s.id = o.id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id);
    INSERT INTO employee_search AS s (id, unit_id, department_id, designation_id, category_id, status, employee_code, name,
        mobile, email, date_of_joining, has_photo)
    SELECT n.id, n.unit_id, n.department_id, n.designation_id, n.category_id, n.status, n.employee_code, n.name, n.mobile,
        n.email, n.date_of_joining, n.photo_key IS NOT NULL
    FROM new_rows n
    WHERE NOT EXISTS (
      SELECT 1 FROM old_rows o
      WHERE o.id = n.id
        AND (o.unit_id, o.department_id, o.designation_id, o.category_id, o.status, o.employee_code, o.name, o.mobile,
            o.email, o.date_of_joining, o.photo_key IS NOT NULL)
          IS NOT DISTINCT FROM (n.unit_id, n.department_id, n.designation_id, n.category_id, n.status, n.employee_code,
            n.name, n.mobile, n.email, n.date_of_joining, n.photo_key IS NOT NULL))
    ON CONFLICT (id) DO UPDATE SET
      unit_id = excluded.unit_id,
      department_id = excluded.department_id,
      designation_id = excluded.designation_id,
      category_id = excluded.category_id,
      status = excluded.status,
      employee_code = excluded.employee_code,
      name = excluded.name,
      mobile = excluded.mobile,
      email = excluded.email,
      date_of_joining = excluded.date_of_joining,
      has_photo = excluded.has_photo;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_search_ins AFTER INSERT ON employees
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_search_keep();
--> statement-breakpoint
CREATE TRIGGER employees_search_del AFTER DELETE ON employees
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_search_keep();
--> statement-breakpoint
CREATE TRIGGER employees_search_upd AFTER UPDATE ON employees
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_search_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employee_search_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_search;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_search_truncate AFTER TRUNCATE ON employees
FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_search_clear();
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_search_ins;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_search_del;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_search_upd;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_search_truncate;
--> statement-breakpoint
DELETE FROM employee_search;
--> statement-breakpoint
INSERT INTO employee_search (id, unit_id, department_id, designation_id, category_id, status, employee_code, name, mobile,
    email, date_of_joining, has_photo)
SELECT id, unit_id, department_id, designation_id, category_id, status, employee_code, name, mobile,
    email, date_of_joining, photo_key IS NOT NULL
FROM employees;
