import { useEffect, useState } from 'react';
import type { Upload } from '@dealradar/shared/contracts/scans';
import { uploadsApi } from '@dealradar/shared/contracts/endpoints/uploads';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import { callEndpoint, errorMessage } from './api-client.ts';
import { mappingFormFields, type ColumnMapping } from './column-mapping.ts';

/**
 * A supplier file sent once (POST /uploads) as soon as it is dropped, while its mapping dialog is open: the token
 * estimate and the start name the answer's id and never send the file again (docs/scans-web.md).
 */
export interface PendingUpload {
  /** The upload in flight; a failure is the server's sentence (ApiError), shown by whoever awaits it. */
  promise: Promise<Upload>;
}

export function sendSupplierFile(file: File): PendingUpload {
  const form = new FormData();
  form.append('file', file, file.name);
  const promise = callEndpoint(uploadsApi.create, { body: form, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
  // A dialog cancelled before the answer awaits nothing: no unhandled rejection.
  promise.catch(() => undefined);
  return { promise };
}

/** The upload's id once it is stored (null before), or the sentence of its failure. */
export function useUploadedId(upload: PendingUpload | null): { id: string | null; error: string | null } {
  const [state, setState] = useState<{ for: PendingUpload | null; id: string | null; error: string | null }>({ for: null, id: null, error: null });
  useEffect(() => {
    if (!upload) return;
    let live = true;
    upload.promise.then(
      (answer) => live && setState({ for: upload, id: answer.uploadId, error: null }),
      (error: unknown) => live && setState({ for: upload, id: null, error: errorMessage(error, 'The file could not be uploaded.') }),
    );
    return () => {
      live = false;
    };
  }, [upload]);
  return state.for === upload ? { id: state.id, error: state.error } : { id: null, error: null };
}

/** The mapping as the JSON start calls take it (the same fields as the multipart start's). */
export function mappingBody(mapping: ColumnMapping): { eanColumn: string; noBrandColumn: boolean } & Record<string, string | boolean> {
  return { ...Object.fromEntries(mappingFormFields(mapping)), eanColumn: mapping.ean, noBrandColumn: mapping.brand === null };
}
