// Saves generated codes as `<name>.txt`, one key per line.
export function downloadKeys(name: string, keys: readonly string[]): void {
  const blob = new Blob([keys.join('\n')], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
