// The photo a biometric device took at a punch: a small button on the punch that opens it (loaded with the caller's
// sign-in, GET /api/attendance/punch-photos/{id}).
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiPath } from '@/lib/api-path';
import { useAuthorisedImage } from '@/lib/files';

function Photo({ photoId, alt }: { photoId: number; alt: string }) {
  const src = useAuthorisedImage(apiPath('/api/attendance/punch-photos/:id', { id: photoId }));
  if (!src) return <Spinner />;
  return (
    <img src={src} alt={alt} className="mx-auto max-h-[60vh] w-full max-w-xs rounded-md border object-contain" data-testid="punch-photo" />
  );
}

/** "Photo" on a punch the device photographed; the photo opens in a dialog. */
export function PunchPhotoButton({ photoId, when, who }: { photoId: number; when: string; who: string | null }) {
  const [open, setOpen] = useState(false);
  const label = `Photo taken at the punch of ${when}${who ? ` (${who})` : ''}`;
  return (
    <>
      <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setOpen(true)} aria-label={label}>
        <Camera className="size-3.5" /> Photo
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Punch photo</DialogTitle>
            <DialogDescription>{label}</DialogDescription>
          </DialogHeader>
          {open && <Photo photoId={photoId} alt={label} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
