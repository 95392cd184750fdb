import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '@/lib/toast-store';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

export { dismissToast, errorToast, toast } from '@/lib/toast-store';

export function useToasts() {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

/** Mount once at the root; renders the (at most one) current toast. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration ?? 5000}
          onOpenChange={(o) => {
            if (!o) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
