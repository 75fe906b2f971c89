import type { ReplaceDocumentInput, UploadDocumentInput, UploadDocumentOutput } from '../../contract/documents';
import type { MessageOutput } from '../../contract/common';
import { fileDocument, replaceDocumentFile, withdrawDocument, type FileDeps, type Filer } from './file';

/** The GP's upload, replacement and withdrawal as the API sends them (the file in base64): docs/decisions/0020. */

const bytesOf = (content: string): Uint8Array => Buffer.from(content, 'base64');

export async function uploadDocument(deps: FileDeps, by: Filer, input: UploadDocumentInput): Promise<UploadDocumentOutput> {
  const { id } = await fileDocument(deps, {
    title: input.title,
    kind: input.kind,
    period: input.period,
    audience: input.audience,
    fileName: input.fileName,
    bytes: bytesOf(input.content),
    by,
  });
  return { message: `“${input.title.trim()}” was filed.`, id, version: 1 };
}

export async function replaceDocument(deps: FileDeps, by: Filer, input: ReplaceDocumentInput): Promise<UploadDocumentOutput> {
  const { id, version } = await replaceDocumentFile(deps, { id: input.id, fileName: input.fileName, bytes: bytesOf(input.content), by });
  return { message: `The file was replaced (version ${version}); the earlier versions are kept.`, id, version };
}

export async function withdraw(deps: FileDeps, by: Filer, id: number): Promise<MessageOutput> {
  await withdrawDocument(deps, { id, by });
  return { message: 'The document was withdrawn: partners no longer see it. It is kept for the record.' };
}
