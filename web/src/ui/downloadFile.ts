/** Saves text as a file through the browser's download (a Blob behind an object URL, freed once the click is done). */
export function downloadFile(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
