/** Stored pictures exist in 300, 600 and 1200 px wide WebP variants (`…-1200.webp`). */
export function variantUrl(url: string, width: 300 | 600 | 1200): string {
  return url.replace(/-(300|600|1200)\.webp$/, `-${width}.webp`);
}

export function srcSet(url: string): string | undefined {
  if (!/-(300|600|1200)\.webp$/.test(url)) return undefined;
  return `${variantUrl(url, 300)} 300w, ${variantUrl(url, 600)} 600w, ${variantUrl(url, 1200)} 1200w`;
}
