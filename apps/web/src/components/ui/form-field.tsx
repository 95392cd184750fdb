import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** A labelled form row with an inline error and an optional hint (used by every form: sign-in, masters, transactions). */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor?: string;
  error?: string | string[] | null;
  hint?: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const message = Array.isArray(error) ? error.join(' ') : error;
  return (
    <div className={cn('grid gap-2', className)} data-slot="form-field">
      <Label htmlFor={htmlFor}>
        {label}
        {required && <span className="text-destructive">*</span>}
      </Label>
      {children}
      {message ? (
        <p className="text-sm text-destructive" role="alert" data-slot="form-error">
          {message}
        </p>
      ) : null}
      {/* The hint stays beside an error: it often says why (e.g. why a list of choices is short). */}
      {hint ? (
        <p className="text-xs text-muted-foreground" data-slot="form-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
