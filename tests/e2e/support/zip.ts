import yauzl from 'yauzl';

export interface ZipEntryInfo {
  name: string;
  size: number;
  /** The first bytes of the entry's content, as hex. */
  head: string;
}

/** The entries of a zip file with their sizes and first bytes (read with yauzl). */
export function readZipEntries(file: string): Promise<ZipEntryInfo[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntryInfo[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const content = Buffer.concat(chunks);
            entries.push({
              name: entry.fileName,
              size: content.length,
              head: content.subarray(0, 4).toString('hex'),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
