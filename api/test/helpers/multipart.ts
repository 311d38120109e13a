// A multipart/form-data body for app.inject: text fields and files, as a browser's FormData sends them.
// As browsers send a file name (the HTML standard's form-data encoding): quotes and line breaks escaped.
const browserEscaped = (name: string) =>
  name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export type Field = string | { name: string; type: string; bytes: Buffer };

/** The fields as an object, or as a list of [name, value] pairs when a name repeats (several files). */
export function multipart(fields: Record<string, Field> | [string, Field][]) {
  const boundary = '----portal-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${browserEscaped(value.name)}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
