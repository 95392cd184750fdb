// Loaded on first use: pdfmake, its fonts and the ID card builder stay out of the first page.
import type { TIdCardBatch } from '@hr/contract';
import { buildIdCardDoc, cloneDefinition, FONTS, type IdCardLayout, idCardFileName, isImageError, withEmptyImages } from '@hr/documents';
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

let ready = false;
function pdfmake() {
  if (!ready) {
    pdfMake.addVirtualFileSystem(vfs);
    pdfMake.setFonts(FONTS);
    ready = true;
  }
  return pdfMake;
}

const bytesOf = async (doc: TDocumentDefinitions) => new Uint8Array(await pdfmake().createPdf(doc).getBuffer());

/** The ID card PDF of a batch; a photo or logo that cannot be read becomes an empty image. */
export async function renderIdCards(batch: TIdCardBatch, layout: IdCardLayout): Promise<{ bytes: Uint8Array; fileName: string }> {
  const doc = buildIdCardDoc(batch, layout);
  const pristine = cloneDefinition(doc);
  let bytes: Uint8Array;
  try {
    bytes = await bytesOf(doc);
  } catch (error) {
    if (!isImageError(error)) throw error;
    bytes = await bytesOf(withEmptyImages(pristine));
  }
  return { bytes, fileName: idCardFileName(batch) };
}
