import { Loader2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Inline spinner; `size` in pixels (the global one uses the spec's 30). */
export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return <Loader2Icon aria-hidden="true" width={size} height={size} className={cn('animate-spin', className)} />;
}
