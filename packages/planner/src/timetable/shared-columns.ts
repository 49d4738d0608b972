/** A column of numbers laid out in shared memory, and how it is read back. */
export type Column = Uint8Array | Int32Array | Uint32Array | Float64Array;
export type ColumnType = 'u8' | 'i32' | 'u32' | 'f64';

const BYTES: Record<ColumnType, number> = { u8: 1, i32: 4, u32: 4, f64: 8 };

/** Offsets in a shared buffer start on 8 bytes, so that any typed array can view what is there. */
export const align = (n: number): number => Math.ceil(n / 8) * 8;

function view(type: ColumnType, buffer: SharedArrayBuffer, offset: number, length: number): Column {
  switch (type) {
    case 'u8':
      return new Uint8Array(buffer, offset, length);
    case 'i32':
      return new Int32Array(buffer, offset, length);
    case 'u32':
      return new Uint32Array(buffer, offset, length);
    case 'f64':
      return new Float64Array(buffer, offset, length);
  }
}

/**
 * Lays columns out in one `SharedArrayBuffer`: a header of 32-bit numbers (`lead`, which begins with the
 * layout's magic number and version, then each column's offset and length), `reserve` bytes after it that
 * the caller fills, then the columns in order, each starting on 8 bytes.
 */
export function packColumns(lead: readonly number[], columns: readonly Column[], reserve = 0): SharedArrayBuffer {
  const headerInts = lead.length + 2 * columns.length;
  let size = align(headerInts * 4 + reserve);
  const offsets = columns.map((column) => {
    const offset = size;
    size = align(size + column.byteLength);
    return offset;
  });
  const buffer = new SharedArrayBuffer(size);
  const header = new Uint32Array(buffer, 0, headerInts);
  header.set(lead);
  columns.forEach((column, i) => {
    const offset = offsets[i] as number;
    header[lead.length + 2 * i] = offset;
    header[lead.length + 2 * i + 1] = column.length;
    new Uint8Array(buffer, offset, column.byteLength).set(
      new Uint8Array(column.buffer, column.byteOffset, column.byteLength),
    );
  });
  return buffer;
}

/**
 * The header and the columns `packColumns` laid out, as views on the shared memory: `leadInts` numbers
 * lead the header, the first two `magic` and `version` (else the buffer is not `what`).
 */
export function unpackColumns(
  buffer: SharedArrayBuffer,
  layout: { leadInts: number; magic: number; version: number; what: string },
  columns: readonly { name: string; type: ColumnType }[],
): { header: Uint32Array; views: Record<string, Column> } {
  const { leadInts } = layout;
  const header = new Uint32Array(buffer, 0, leadInts + 2 * columns.length);
  if (header[0] !== layout.magic || header[1] !== layout.version) throw new Error(`not a ${layout.what}`);
  const views: Record<string, Column> = {};
  columns.forEach(({ name, type }, i) => {
    const offset = header[leadInts + 2 * i] as number;
    const length = header[leadInts + 2 * i + 1] as number;
    if (offset % BYTES[type] !== 0) throw new Error(`misaligned column ${name}`);
    views[name] = view(type, buffer, offset, length);
  });
  return { header, views };
}
