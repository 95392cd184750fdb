// One Excel file chosen for an upload: a button that opens the browser's file chooser (a hidden input taking .xlsx).
// Every import of the app picks its file through it (salary structures, earlier salary, the roster, the run's month
// attendance, leave opening balances).
import { useRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A button (any of Button's props but onClick) that opens the file chooser and hands the chosen file to `onFile`. The
 * input is emptied at once, so the same file can be chosen again after a correction; `inputTestId` names the hidden
 * input (the end-to-end tests set its file).
 */
export function XlsxFileInput({
  onFile,
  inputTestId,
  ...button
}: Omit<ButtonProps, 'onClick' | 'asChild'> & { onFile: (file: File) => void; inputTestId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        className="hidden"
        accept={XLSX_ACCEPT}
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
