/** Multipart bodies a browser never sends, each as [what it is, body, Content-Type]. */
export function malformedMultipart(field: string): [string, string, string][] {
  const part = `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return [
    [
      'a body cut off before its closing boundary',
      `--b0und\r\n${part}\x89PNG\r\n\x1a\n`,
      'multipart/form-data; boundary=b0und',
    ],
    ['no boundary in the Content-Type', `--b0und\r\n${part}x\r\n--b0und--\r\n`, 'multipart/form-data'],
    [
      'a part header without a colon',
      `--b0und\r\nContent-Disposition form-data name="${field}"\r\n\r\nx\r\n--b0und--\r\n`,
      'multipart/form-data; boundary=b0und',
    ],
    ['a body that is not multipart at all', 'plain text', 'multipart/form-data; boundary=b0und'],
  ];
}
