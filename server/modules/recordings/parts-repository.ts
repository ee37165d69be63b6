import { expressionBuilder, type Selectable } from 'kysely';
import type { Database, Db, UploadPartsTable } from '../../db/types';
import type { AccountState } from '../../plugins/auth';
import { accountStateColumns, accountStateOf } from '../auth';

export type UploadPartRow = Selectable<UploadPartsTable>;

/** The student's parts of one upload, in order. */
export async function listParts(db: Db, studentId: number, clientId: string): Promise<UploadPartRow[]> {
  return db
    .selectFrom('upload_parts')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .orderBy('part')
    .execute();
}

/** Whose recording holds the clientId, and whom it is bound to: read beside an upload's parts. */
function clientIdHolderColumns(clientId: string) {
  const eb = expressionBuilder<Database, never>();
  return [
    eb
      .selectFrom('recordings')
      .select('recordings.student_id')
      .where('recordings.client_id', '=', clientId)
      .as('recording_student'),
    eb
      .selectFrom('upload_owners')
      .select('upload_owners.student_id')
      .where('upload_owners.client_id', '=', clientId)
      .as('owner'),
  ] as const;
}

/** An upload about to be completed: its parts, and whose its clientId is, as one statement reads them. */
export interface UploadToComplete {
  parts: UploadPartRow[];
  /** Whose recording holds the clientId (null: nobody's); absent when no part was there to read it with. */
  recordingStudent?: number | null;
  /** The student the clientId is bound to (null: nobody); absent likewise. */
  owner?: number | null;
}

/**
 * The student's parts of one upload, in order, with the clientId's recording and binding read
 * beside them: complete asks all three, and on PostgreSQL each statement is a round trip.
 */
export async function uploadToComplete(
  db: Db,
  studentId: number,
  clientId: string,
): Promise<UploadToComplete> {
  const rows = await db
    .selectFrom('upload_parts')
    .selectAll('upload_parts')
    .select(clientIdHolderColumns(clientId))
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .orderBy('part')
    .execute();
  if (rows.length === 0) return { parts: [] };
  return {
    parts: rows.map(({ recording_student: _recording, owner: _owner, ...part }) => part),
    recordingStudent: rows[0].recording_student ?? null,
    owner: rows[0].owner ?? null,
  };
}

export async function findPart(
  db: Db,
  studentId: number,
  clientId: string,
  part: number,
): Promise<UploadPartRow | undefined> {
  return db
    .selectFrom('upload_parts')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .where('part', '=', part)
    .executeTakeFirst();
}

/** Bytes of every part the student holds (of all their uploads not yet completed). */
export async function studentPartsSize(db: Db, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('upload_parts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('total'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What the student's parts hold, seen from one part about to be stored (or replaced). */
export interface UploadUsage {
  /** Bytes of all the student's parts but this one. */
  student: number;
  /** Bytes of this upload's other parts. */
  upload: number;
  /** Parts of this upload held already, this one included when it is a resend. */
  held: number;
  /** The student's other unfinished uploads (other clientIds with parts). */
  otherUploads: number;
}

/** Everything a part is checked against before its bytes are stored: whose upload it is, and the limits. */
export interface PartState extends UploadUsage {
  /** The student whose recording holds the clientId (the upload completed), if any. */
  recordingStudent: number | null;
  /** The student the clientId is bound to, if it is yet. */
  owner: number | null;
  /** Bytes of the student's recordings. */
  recordings: number;
  /** The sender's account as the access check reads it (undefined: no such account). */
  account: AccountState | undefined;
}

/**
 * One query, as every part of every upload asks it (on PostgreSQL each statement is a round
 * trip): the upload's usage, with its recording, its owner and the student's recordings beside,
 * and the account's state for the request's access check (`family`: the token's session).
 */
export async function partState(
  db: Db,
  studentId: number,
  family: string | null,
  clientId: string,
  part: number,
): Promise<PartState> {
  const row = await db
    .selectFrom('upload_parts')
    .select((eb) => {
      const thisUpload = eb('client_id', '=', clientId);
      const thisPart = eb.and([thisUpload, eb('part', '=', part)]);
      const sumWhen = (when: typeof thisUpload) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(when).then(eb.ref('size')).else(0).end()), eb.val(0));
      return [
        sumWhen(eb.not(thisPart)).as('student'),
        sumWhen(eb.and([thisUpload, eb('part', '!=', part)])).as('upload'),
        eb.fn.count<number | string>(eb.case().when(thisUpload).then(1).end()).as('held'),
        eb.fn
          .count<number | string>(eb.case().when(eb.not(thisUpload)).then(eb.ref('client_id')).end())
          .distinct()
          .as('other_uploads'),
        ...clientIdHolderColumns(clientId),
        eb
          .selectFrom('recordings')
          .select((r) => r.fn.sum<number | string | null>('recordings.size').as('used'))
          .where('recordings.student_id', '=', studentId)
          .as('recordings'),
        ...accountStateColumns(studentId, family),
      ];
    })
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return {
    student: Number(row.student),
    upload: Number(row.upload),
    held: Number(row.held),
    otherUploads: Number(row.other_uploads),
    recordingStudent: row.recording_student ?? null,
    owner: row.owner ?? null,
    recordings: Number(row.recordings ?? 0),
    account: accountStateOf(row),
  };
}

/** The student's unfinished uploads other than this one. */
export async function otherOpenUploads(db: Db, studentId: number, clientId: string): Promise<number> {
  const row = await db
    .selectFrom('upload_parts')
    .select((eb) => eb.fn.count<number | string>('client_id').distinct().as('n'))
    .where('student_id', '=', studentId)
    .where('client_id', '!=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a part's bytes are: an object of its own, or its upload's staging object at an offset. */
export type PartLocation = Pick<UploadPartRow, 'storage_key' | 'byte_offset'>;

/** Removes the part if it still has these bytes (a later resend may have replaced them); answers whether it did. */
export async function deletePartAt(
  db: Db,
  studentId: number,
  clientId: string,
  part: number,
  at: PartLocation,
): Promise<boolean> {
  const r = await db
    .deleteFrom('upload_parts')
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .where('part', '=', part)
    .where('storage_key', '=', at.storage_key)
    .where('byte_offset', at.byte_offset === null ? 'is' : '=', at.byte_offset)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Whether the upload still has any part. */
export async function hasParts(db: Db, studentId: number, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('upload_parts')
    .select('id')
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPart(
  db: Db,
  row: {
    student_id: number;
    client_id: string;
    part: number;
    size: number;
    storage_key: string;
    byte_offset: number | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('upload_parts').values(row).execute();
}

/**
 * Points a stored part at new bytes, only if it still holds `previous` (a concurrent replace
 * wins otherwise); answers whether it did.
 */
export async function replacePart(
  db: Db,
  id: number,
  previous: PartLocation,
  changes: { size: number; storage_key: string; byte_offset: number | null; created_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('upload_parts')
    .set(changes)
    .where('id', '=', id)
    .where('storage_key', '=', previous.storage_key)
    .where('byte_offset', previous.byte_offset === null ? 'is' : '=', previous.byte_offset)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Removes the student's parts of one upload; answers the objects that held them, each once. */
export async function deleteParts(db: Db, studentId: number, clientId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('upload_parts')
    .where('student_id', '=', studentId)
    .where('client_id', '=', clientId)
    .returning('storage_key')
    .execute();
  return [...new Set(rows.map((r) => r.storage_key))];
}

/**
 * Removes every upload whose newest part was stored before `before` (abandoned, not merely
 * slow); answers the objects that held their parts, each once.
 */
export async function deleteUploadsIdleSince(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('upload_parts as u')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('upload_parts as newer')
            .select('newer.id')
            .whereRef('newer.student_id', '=', 'u.student_id')
            .whereRef('newer.client_id', '=', 'u.client_id')
            .where('newer.created_at', '>=', before),
        ),
      ),
    )
    .returning('storage_key')
    .execute();
  return [...new Set(rows.map((r) => r.storage_key))];
}

// ---- whose an upload is ----

/** The student the clientId's upload belongs to, if it is bound yet. */
export async function uploadOwner(db: Db, clientId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('upload_owners')
    .select('student_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.student_id;
}

/**
 * Binds the clientId to the student unless it is bound already; answers the owner, the first
 * student whatever the race (the key decides on both databases). `seenUnbound`: the caller has
 * just read that nobody holds it (a new upload's first part): then it binds without asking again.
 */
export async function bindUpload(
  db: Db,
  clientId: string,
  studentId: number,
  now: string,
  seenUnbound = false,
): Promise<number> {
  const known = seenUnbound ? undefined : await uploadOwner(db, clientId);
  if (known !== undefined) return known;
  const bound = await db
    .insertInto('upload_owners')
    .values({ client_id: clientId, student_id: studentId, created_at: now })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .returning('student_id')
    .executeTakeFirst();
  if (bound) return bound.student_id;
  // Another request bound it in between: its owner stands. Undefined only if it was purged
  // in between too: then nobody else holds it either.
  return (await uploadOwner(db, clientId)) ?? studentId;
}

/** Forgets the binding once the recording itself holds the clientId. */
export async function unbindUpload(db: Db, clientId: string, studentId: number): Promise<void> {
  await db
    .deleteFrom('upload_owners')
    .where('client_id', '=', clientId)
    .where('student_id', '=', studentId)
    .execute();
}

/** Removes bindings made before `before` that hold no part any more (abandoned or purged). */
export async function deleteIdleOwners(db: Db, before: string): Promise<number> {
  const r = await db
    .deleteFrom('upload_owners as o')
    .where('o.created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('upload_parts as p')
            .select('p.id')
            .whereRef('p.client_id', '=', 'o.client_id')
            .whereRef('p.student_id', '=', 'o.student_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
