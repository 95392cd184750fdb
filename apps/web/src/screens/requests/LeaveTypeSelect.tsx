// The leave request's type: only the types that apply to the signed-in employee (issue 28: gender, marital status,
// category, the unit's mapping), as GET /api/leave/types/me answers them.
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export type TLeaveTypeOption = { id: number; name: string; code: string };

export function useMyLeaveTypes() {
  return useQuery({
    queryKey: ['leave', 'types', 'me'],
    queryFn: ({ signal }) => api.get<TLeaveTypeOption[]>(apiPath('/api/leave/types/me'), undefined, { signal, bypass_log: true }),
    staleTime: 60_000,
  });
}

export function LeaveTypeSelect(props: {
  /** The trigger's: a form focuses it when the type is the first field in error. */
  ref?: Ref<HTMLButtonElement>;
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const types = useMyLeaveTypes();
  const options = types.data ?? [];
  return (
    <Select value={props.value ? String(props.value) : ''} onValueChange={(v) => props.onChange(v ? Number(v) : null)}>
      <SelectTrigger
        ref={props.ref}
        id={props.id}
        aria-label="Leave type"
        aria-invalid={props.invalid || undefined}
        className="w-full"
        data-testid={props['data-testid']}
      >
        <SelectValue placeholder={types.isLoading ? 'Loading…' : (props.placeholder ?? 'Choose the leave type')} />
      </SelectTrigger>
      <SelectContent>
        {options.map((t) => (
          <SelectItem key={t.id} value={String(t.id)}>
            {t.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
