import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
  compressionMethod: number;
}

/** Every entry of a zip, read back with an independent reader. */
export function readZip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: true, strictFileNames: true },
      (err, zip) => {
        if (err || !zip) return reject(err ?? new Error('no zip'));
        const entries: ZipEntry[] = [];
        zip.on('error', reject);
        zip.on('end', () => resolve(entries));
        zip.on('entry', (entry: yauzl.Entry) => {
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream) return reject(e ?? new Error('no stream'));
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('error', reject);
            stream.on('end', () => {
              entries.push({
                name: entry.fileName,
                data: Buffer.concat(chunks),
                compressionMethod: entry.compressionMethod,
              });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
