import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('image types are read from the bytes', () => {
  it('knows PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(sniffImageType(Uint8Array.from([...PNG, 0, 0]))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses text, HTML and SVG even when they claim to be images', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
    expect(sniffImageType(Uint8Array.from(PNG.slice(0, 7)))).toBeUndefined();
  });

  it('for any bytes: a type is named only when the signature is there', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (bytes) => {
        const type = sniffImageType(bytes);
        if (type === 'image/png') expect([...bytes.slice(0, 8)]).toEqual(PNG);
        if (type === 'image/jpeg') expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        if (type === undefined && bytes.length >= 8)
          expect(sniffImageType(Uint8Array.from([...PNG, ...bytes]))).toBe('image/png');
      }),
    );
  });
});
