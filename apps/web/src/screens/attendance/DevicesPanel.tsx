import { ZMapPin } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Clock, Fingerprint, Link2, ShieldAlert, Wifi, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadError } from '@/components/common/LoadError';
import { type DataColumn, DataTable } from '@/components/data-table';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { contractResolver, serverErrors } from '@/lib/form';
import { formatCount, formatDateTime } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import {
  attendanceKeys,
  mapPin,
  type TDeviceStatus,
  type TLatePunch,
  type TUnmatchedPin,
  useDevices,
  useLatePunches,
  useUnmatched,
} from './api';
import { ago, isStale, STALE_AFTER_MINUTES } from './format';

type TMapPin = z.output<typeof ZMapPin>;
type TPinForm = { devicePin: string; employeeId: number | null; employee: TEmployeeOption | null };
const EMPTY_PIN: TPinForm = { devicePin: '', employeeId: null, employee: null };

/** Maps an unmatched device PIN to an employee: the PIN becomes theirs and the kept punches count for them. */
function MapPinDialog({ pin, onClose }: { pin: TUnmatchedPin | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  // The picked employee is kept beside the contract's fields (for the toast); ZMapPin checks and drops it.
  const form = useForm<TPinForm, unknown, TMapPin>({ resolver: contractResolver(ZMapPin), defaultValues: EMPTY_PIN });
  const errors = form.formState.errors;
  // On failure: shown inline and in the toast (409: the PIN or the employee is taken).
  const map = useAction((body: TMapPin, _who: TEmployeeOption) => mapPin(body, { onError: serverErrors(form, { whole: true }) }), {
    success: (result, body, who) => {
      const counted = result.mapped - (result.late ?? 0);
      return {
        title: `PIN ${body.devicePin} mapped to ${who.name}`,
        description:
          `${formatCount(counted)} punch${counted === 1 ? '' : 'es'} now count for them.` +
          (result.late
            ? ` ${formatCount(result.late)} fall in months whose salary is approved or locked: kept apart as late punches.`
            : ''),
      };
    },
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      close();
    },
  });
  const saving = map.busy;

  const close = () => {
    form.reset(EMPTY_PIN);
    onClose();
  };

  const save = (e: React.FormEvent) => {
    form.setValue('devicePin', pin?.devicePin ?? '');
    return form.handleSubmit(async (v) => {
      const employee = form.getValues('employee');
      if (employee) await map.run(v, employee);
    })(e);
  };
  const employeeError = errors.employeeId?.message ?? errors.devicePin?.message;

  return (
    <Dialog open={pin !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Map PIN {pin?.devicePin} to an employee</DialogTitle>
          <DialogDescription>
            {pin ? `${pin.deviceName} (${pin.deviceSerial}): ${formatCount(pin.punches)} punches kept. ` : ''}The PIN becomes the employee's
            device user id.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void save(e)}>
          <FormField label="Employee" required error={employeeError}>
            <Controller
              control={form.control}
              name="employee"
              render={({ field }) => (
                <EmployeePicker
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e);
                    form.setValue('employeeId', e?.id ?? null);
                    form.clearErrors();
                  }}
                  invalid={!!employeeError}
                  data-testid="map-pin-employee"
                />
              )}
            />
          </FormField>
          {errors.root?.message && (
            <p className="text-sm text-destructive" role="alert">
              {errors.root.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving} data-testid="map-pin-save">
              <Link2 /> {saving ? 'Mapping…' : 'Map'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The devices' columns: name and serial (flagged when unprotected), unit, last contact (stale or not), today's counts. */
function deviceColumns(now: Date): DataColumn<TDeviceStatus>[] {
  return [
    {
      id: 'name',
      header: 'Device',
      cell: (d) => (
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5 font-medium">
            {d.name}
            {!d.active && <Badge variant="outline">Inactive</Badge>}
            {d.unprotected && (
              <Badge
                variant="warning"
                title="Neither a communication key nor allowed addresses: anyone who knows the serial number can post punches as this device. Set one in Master › Biometric Device."
                data-testid="device-unprotected"
              >
                <ShieldAlert className="size-3" /> No key or address limit
              </Badge>
            )}
          </div>
          <div className="font-mono text-xs text-muted-foreground">{d.serialNumber}</div>
        </div>
      ),
    },
    {
      id: 'unit',
      header: 'Unit',
      cell: (d) => (
        <span title={d.otherUnitNames.length ? `Also serves ${d.otherUnitNames.join(', ')}` : undefined}>
          {d.unitName}
          {d.otherUnitNames.length > 0 && <span className="text-xs text-muted-foreground"> +{d.otherUnitNames.length}</span>}
        </span>
      ),
    },
    {
      id: 'lastSeen',
      header: 'Last contact',
      cell: (d) => {
        const stale = d.active && isStale(d.lastSeenAt, now);
        return (
          <span
            className={cn(
              'inline-flex items-center gap-1.5 whitespace-nowrap',
              stale ? 'font-medium text-amber-700 dark:text-amber-300' : '',
            )}
            title={d.lastSeenAt ? formatDateTime(d.lastSeenAt) : 'Never'}
            data-testid="device-last-seen"
            data-stale={stale || undefined}
          >
            {stale ? <WifiOff className="size-3.5" /> : <Wifi className="size-3.5 text-success" />}
            {ago(d.lastSeenAt, now)}
          </span>
        );
      },
    },
    {
      id: 'today',
      header: 'Punches today',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (d) => formatCount(d.punchesToday),
    },
    {
      id: 'unmatched',
      header: 'Unmatched',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (d) =>
        d.unmatchedToday ? <span className="font-medium text-amber-700 dark:text-amber-300">{formatCount(d.unmatchedToday)}</span> : '0',
    },
    {
      id: 'refused',
      header: 'Refused (future / too old)',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (d) =>
        d.refusedFuture + d.refusedOld > 0 ? (
          <span
            className="font-medium text-amber-700 dark:text-amber-300"
            title={`Lines acknowledged but not stored: their time was ahead of the server's clock or too old.${d.lastRefusedAt ? ` Last on ${formatDateTime(d.lastRefusedAt)}.` : ''} Check the device's clock.`}
            data-testid="device-refused"
          >
            {formatCount(d.refusedFuture)} / {formatCount(d.refusedOld)}
          </span>
        ) : (
          '0'
        ),
    },
  ];
}

/** The late punches' columns. */
const LATE_COLUMNS: DataColumn<TLatePunch>[] = [
  {
    id: 'employee',
    header: 'Employee',
    cell: (p) => (
      <span>
        {p.employeeName} <span className="font-mono text-xs text-muted-foreground">{p.employeeCode}</span>
      </span>
    ),
  },
  { id: 'time', header: 'Punch', cell: (p) => <span className="whitespace-nowrap tabular-nums">{p.localTime}</span> },
  {
    id: 'source',
    header: 'Source',
    cell: (p) => (p.deviceName ? `${p.deviceName} (${p.deviceSerial})` : p.source),
  },
  {
    id: 'arrived',
    header: 'Arrived',
    cell: (p) => <span className="whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(p.arrivedAt)}</span>,
  },
];

/** The unmatched PINs' columns, with Map to employee for a role that may. */
function pinColumns(canMap: boolean, onMap: (pin: TUnmatchedPin) => void): DataColumn<TUnmatchedPin>[] {
  return [
    { id: 'pin', header: 'PIN', cell: (p) => <span className="font-mono font-medium">{p.devicePin}</span> },
    {
      id: 'device',
      header: 'Device',
      cell: (p) => (
        <span>
          {p.deviceName} <span className="font-mono text-xs text-muted-foreground">{p.deviceSerial}</span>
        </span>
      ),
    },
    {
      id: 'punches',
      header: 'Punches',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (p) => formatCount(p.punches),
    },
    {
      id: 'span',
      header: 'First – last',
      cell: (p) => (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          {formatDateTime(p.first)} – {formatDateTime(p.last)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: '',
      headClassName: 'w-0',
      isolated: true,
      cell: (p) =>
        canMap ? (
          <Button size="sm" variant="outline" onClick={() => onMap(p)} data-testid="map-pin">
            <Link2 /> Map to employee
          </Button>
        ) : null,
    },
  ];
}

/** The biometric devices of the caller's units (last contact, punches today) and the PINs that match nobody. */
export function DevicesPanel({ canMap }: { canMap: boolean }) {
  const devices = useDevices();
  const unmatched = useUnmatched();
  const [mapping, setMapping] = useState<TUnmatchedPin | null>(null);
  const now = new Date();

  const staleCount = (devices.data ?? []).filter((d) => d.active && isStale(d.lastSeenAt, now)).length;
  const late = useLatePunches();

  return (
    <div className="grid gap-4" data-testid="devices-panel">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle className="flex items-center gap-2">
            <Fingerprint className="size-4" /> Devices
          </CardTitle>
          <CardDescription>
            {staleCount > 0 ? (
              <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                <AlertTriangle className="size-3.5" /> {staleCount} device{staleCount === 1 ? '' : 's'} silent for more than{' '}
                {STALE_AFTER_MINUTES} minutes
              </span>
            ) : (
              `A device is flagged when silent for more than ${STALE_AFTER_MINUTES} minutes.`
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-4">
          <DataTable
            columns={deviceColumns(now)}
            rows={devices.data ?? []}
            rowKey={(d) => d.id}
            sort={null}
            onSort={() => undefined}
            loading={devices.isLoading}
            empty="No biometric device in your units."
            rowProps={() => ({ 'data-testid': 'device-row' })}
          />
          <LoadError what="The devices" show={devices.isError && !devices.data} />
        </CardContent>
      </Card>
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle>Unmatched PINs</CardTitle>
          <CardDescription>Punches from device users who match no employee. They are kept until the PIN is mapped.</CardDescription>
        </CardHeader>
        <CardContent className="px-4">
          <DataTable
            columns={pinColumns(canMap, setMapping)}
            rows={unmatched.data ?? []}
            rowKey={(p) => `${p.deviceSerial}:${p.devicePin}`}
            sort={null}
            onSort={() => undefined}
            loading={unmatched.isLoading}
            empty="Every PIN matches an employee."
            rowProps={() => ({ 'data-testid': 'unmatched-row' })}
          />
          <LoadError what="The unmatched PINs" show={unmatched.isError && !unmatched.data} />
        </CardContent>
      </Card>
      {(late.data?.length ?? 0) > 0 && (
        <Card className="gap-3 py-4" data-testid="late-punches">
          <CardHeader className="px-4">
            <CardTitle className="flex items-center gap-2">
              <Clock className="size-4" /> Late punches
            </CardTitle>
            <CardDescription>
              Punches that arrived for days whose salary month is already approved or locked. They are kept apart and count nowhere until
              the payroll office reopens the month.
            </CardDescription>
          </CardHeader>
          <CardContent className="px-4">
            <DataTable
              columns={LATE_COLUMNS}
              rows={late.data ?? []}
              rowKey={(p) => p.id}
              sort={null}
              onSort={() => undefined}
              loading={late.isLoading}
              empty="No late punches."
              rowProps={() => ({ 'data-testid': 'late-punch-row' })}
            />
          </CardContent>
        </Card>
      )}
      <MapPinDialog pin={mapping} onClose={() => setMapping(null)} />
    </div>
  );
}
