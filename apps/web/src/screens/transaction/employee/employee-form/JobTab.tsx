import { EMPLOYEE_STATUSES, STATUS_LABEL } from '@hr/contract';
import { MENU, type TMenuPath } from '@hr/contract/menus';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEmployeeOptions } from '@/components/employee/api';
import { type FP, LookupField, Section, SelectField, TextField } from '@/components/employee/fields';
import { Input } from '@/components/ui/input';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { WeeklyOffsField } from './WeeklyOffsField';

/** The Job tab: employment, schedule and status. */
export function JobTab({ fp, id, managerName }: { fp: FP; id: number | null; managerName: string | null }) {
  const { values, errors, onChange: set } = fp;
  const editable = !fp.disabled;
  return (
    <>
      <Section title="Employment">
        <TextField name="employeeCode" label="Employee code" required {...fp} />
        <LookupField name="unitId" label="Unit" resource="unit" required {...fp} />
        <LookupField
          name="departmentId"
          label="Department"
          resource="department"
          required
          scope={{ mappedToUnit: values.unitId as number | null }}
          hint={<MappingHint what="departments" to={MENU.unitDepartmentMap} />}
          {...fp}
        />
        <LookupField
          name="designationId"
          label="Designation"
          resource="designation"
          required
          scope={{ mappedToUnit: values.unitId as number | null }}
          hint={<MappingHint what="designations" to={MENU.unitDesignationMap} />}
          {...fp}
        />
        <LookupField name="categoryId" label="Category" resource="category" {...fp} />
        <LookupField name="positionId" label="Position" resource="position" {...fp} />
        <LookupField name="jobNatureId" label="Job nature" resource="jobNature" {...fp} />
        <LookupField name="divisionId" label="Division" resource="division" {...fp} />
        <LookupField name="regionId" label="Region" resource="region" {...fp} />
        <TextField name="dateOfJoining" label="Date of joining" type="date" required {...fp} />
        <TextField name="confirmationDate" label="Confirmation date" type="date" {...fp} />
        <ManagerField fp={fp} selfId={id} currentName={managerName} />
      </Section>
      <Section title="Schedule">
        <LookupField name="shiftId" label="Shift" resource="shift" {...fp} />
        <TextField
          name="deviceUserId"
          label="Device PIN"
          placeholder={(values.employeeCode as string) || 'Employee code'}
          hint="The user ID on the biometric terminal; blank: the employee code"
          {...fp}
        />
        <WeeklyOffsField
          codes={(values.weeklyOffs as number[]) ?? []}
          error={errors.weeklyOffs}
          disabled={!editable}
          onChange={(codes) => set('weeklyOffs', codes)}
        />
      </Section>
      <Section title="Status" description="Exiting keeps every record; an employee used by payroll is never deleted.">
        <SelectField
          name="status"
          label="Status"
          numeric={false}
          placeholder="Choose…"
          options={EMPLOYEE_STATUSES.map((s) => ({ id: s, name: STATUS_LABEL[s] }))}
          {...fp}
        />
        <TextField name="exitDate" label="Exit date" type="date" required={values.status === 'exited'} {...fp} />
        <TextField name="exitReason" label="Exit reason" {...fp} />
      </Section>
    </>
  );
}

/** Why a department or designation list may be short: the unit-wise mapping limits it (a link for those who may edit it). */
function MappingHint({ what, to }: { what: string; to: TMenuPath }) {
  const { menu } = useCurrentMenu(to);
  return (
    <>
      Only the {what} mapped to the unit are offered (all, when the unit has no mapping)
      {menu ? (
        <>
          {' '}
          — <Link to={to}>{menu.label}</Link>
        </>
      ) : null}
      .
    </>
  );
}

function ManagerField({ fp, selfId, currentName }: { fp: FP; selfId: number | null; currentName: string | null }) {
  const [search, setSearch] = useState('');
  const choices = (useEmployeeOptions(search).data ?? []).filter((x) => x.id !== selfId);
  const current = fp.values.reportingManagerId as number | null;
  const opts = choices.map((c) => ({ id: c.id, name: `${c.name} (${c.employeeCode})` }));
  if (current && !opts.some((x) => x.id === current)) opts.unshift({ id: current, name: currentName ?? `#${current}` });
  return (
    <div className="grid gap-2">
      <SelectField name="reportingManagerId" label="Reporting manager" options={opts} {...fp} />
      {!fp.disabled && (
        <Input placeholder="Find a manager by name or code" value={search} onChange={(e) => setSearch(e.target.value)} className="h-8" />
      )}
    </div>
  );
}
