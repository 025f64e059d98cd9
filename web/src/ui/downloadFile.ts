/**
 * Saves text (of the type given) or a Blob, such as a response's body, as a file through the browser's download (an
 * object URL, freed once the click is done).
 */
export function downloadFile(filename: string, contents: string | Blob, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(typeof contents === 'string' ? new Blob([contents], { type }) : contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; revoking on the next task keeps browsers that read it late working.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
