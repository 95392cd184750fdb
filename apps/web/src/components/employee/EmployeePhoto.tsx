import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { apiPath } from '@/lib/api-path';
import { uploadFile, useAuthorisedImage } from '@/lib/files';
import { initials } from '@/lib/initials';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';

/** The employee's photo (or initials) with an optional change button. */
export function EmployeePhoto({
  employeeId,
  name,
  hasPhoto,
  version,
  canChange,
  onChanged,
  className,
}: {
  employeeId: number;
  name: string;
  hasPhoto: boolean;
  version?: string;
  canChange?: boolean;
  onChanged?: () => void;
  className?: string;
}) {
  const src = useAuthorisedImage(hasPhoto ? apiPath('/api/employees/:id/photo', { id: employeeId }) : null, version);
  const input = useRef<HTMLInputElement>(null);
  const upload = useAction((file: File) => uploadFile(apiPath('/api/employees/:id/photo', { id: employeeId }), file), {
    success: 'Photo updated',
    onDone: () => onChanged?.(),
  });
  const busy = upload.busy;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    await upload.run(file);
    if (input.current) input.current.value = '';
  };
  return (
    <div className={cn('relative size-24 shrink-0', className)}>
      <div className="flex size-full items-center justify-center overflow-hidden rounded-xl border-2 border-amber-500/70 bg-muted text-2xl font-semibold text-muted-foreground">
        {src ? <img src={src} alt={name} className="size-full object-cover" data-testid="employee-photo" /> : <span>{initials(name)}</span>}
      </div>
      {canChange && (
        <>
          <button
            type="button"
            className="absolute -right-2 -bottom-2 flex size-8 items-center justify-center rounded-full border bg-background shadow hover:bg-accent"
            aria-label="Change photo"
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {busy ? <Spinner size={14} /> : <Camera className="size-4" />}
          </button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            className="hidden"
            data-testid="photo-input"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </>
      )}
    </div>
  );
}
