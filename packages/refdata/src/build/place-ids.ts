import fs from 'node:fs';
import path from 'node:path';
import { MAX_PLACE_ID } from '@junction/domain';
import { DATA_DIR } from './sources';

const FILE = path.join(DATA_DIR, 'place-ids.csv');

/**
 * Place ids are permanent: short links and saved searches carry them (as base-35 codes). The registry
 * keeps every id ever given; a new place gets the next free id, a vanished one keeps its id reserved.
 */
export class PlaceIdRegistry {
  private readonly ids = new Map<string, number>();
  private next = 1;

  constructor() {
    if (!fs.existsSync(FILE)) return;
    for (const line of fs.readFileSync(FILE, 'utf8').split('\n').slice(1)) {
      const comma = line.lastIndexOf(',');
      if (comma <= 0) continue;
      const id = Number(line.slice(comma + 1));
      this.ids.set(line.slice(0, comma), id);
      this.next = Math.max(this.next, id + 1);
    }
  }

  idFor(key: string): number {
    if (!key || /[\r\n,]/.test(key)) throw new Error(`bad place key: ${JSON.stringify(key)}`);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.next++;
      if (id > MAX_PLACE_ID) throw new Error('place ids exhausted');
      this.ids.set(key, id);
    }
    return id;
  }

  save(): void {
    const rows = [...this.ids].sort((a, b) => a[1] - b[1]).map(([key, id]) => `${key},${id}`);
    fs.writeFileSync(FILE, `key,id\n${rows.join('\n')}\n`);
  }
}
