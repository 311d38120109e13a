/** A picked file for upload tests; a `size` is only claimed (a 26 MB file need not be made: the limits read it). */
export function pickedFile(name: string, size?: number, type = 'application/pdf'): File {
  const made = new File(['%PDF-1.7 content'], name, { type });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}
