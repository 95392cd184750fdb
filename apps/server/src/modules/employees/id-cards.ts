import { financialYearOf, todayIn } from '@hr/calendar';
import type { TIdCardBatch } from '@hr/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas, cities, employees, organisation, states } from '../../db/schema';
import { BadRequest } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type AuthContext, assertUnit } from '../access/context';
import { readEmployeesForCards } from './read';

async function photoDataUrl(storage: FileStorage, key: string | null): Promise<string | null> {
  if (!key) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    const mime = key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return `data:${mime};base64,${Buffer.concat(chunks).toString('base64')}`;
  } catch {
    return null;
  }
}

const DMY = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/**
 * What the browser needs to build ID cards: one employee (`employeeId`; a self-service user gets
 * only their own) or every employee of a unit who has not exited (`unitId`).
 */
export async function idCardBatch(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  q: { employeeId?: number; unitId?: number },
  timeZone = 'Asia/Kolkata',
  opts: { limit?: number | null; progress?: (done: number, total: number) => Promise<void> } = {},
): Promise<TIdCardBatch> {
  let where: SQL | undefined;
  if (auth.isSelfService) {
    if (auth.employeeId == null) throw new BadRequest('Your account is not linked to an employee record');
    where = eq(employees.id, auth.employeeId);
  } else if (q.employeeId) where = eq(employees.id, q.employeeId);
  else if (q.unitId) {
    assertUnit(auth, q.unitId);
    where = and(eq(employees.unitId, q.unitId), inArray(employees.status, ['active', 'onNotice']));
  } else throw new BadRequest('Choose an employee or a unit');

  const [found, [org]] = await Promise.all([
    readEmployeesForCards(db, auth, where, opts.limit === undefined ? 500 : opts.limit),
    db.select().from(organisation).limit(1),
  ]);
  const list = found.map((f) => f.employee);
  const photos: (string | null)[] = [];
  for (const f of found) {
    photos.push(await photoDataUrl(storage, f.photoKey)); // one open file at a time
    if (opts.progress && photos.length % 50 === 0) await opts.progress(photos.length, found.length);
  }
  const areaIds = list.map((e) => e.presentAreaId).filter((x): x is number => x != null);
  const cityIds = list.map((e) => e.presentCityId).filter((x): x is number => x != null);
  const stateIds = list.map((e) => e.presentStateId).filter((x): x is number => x != null);
  const names = async (table: typeof areas | typeof cities | typeof states, ids: number[]) =>
    new Map(
      ids.length
        ? (await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids))).map((r) => [r.id, r.name])
        : [],
    );
  const [areaName, cityName, stateName] = await Promise.all([names(areas, areaIds), names(cities, cityIds), names(states, stateIds)]);

  const today = todayIn(timeZone);
  const fyEnd = financialYearOf(today).endDate;

  const cards = list.map((e, i) => {
    const place = [
      e.presentAreaId ? areaName.get(e.presentAreaId) : null,
      e.presentCityId ? cityName.get(e.presentCityId) : null,
      e.presentStateId ? stateName.get(e.presentStateId) : null,
    ]
      .filter(Boolean)
      .join(', ');
    const address = [e.presentAddress, place, e.presentPincode].filter(Boolean).join(', ');
    const validUntil = e.exitDate && e.exitDate < fyEnd ? e.exitDate : fyEnd;
    return {
      employeeId: e.id,
      name: e.name,
      employeeCode: e.employeeCode,
      designation: e.designationName,
      department: e.departmentName,
      unit: e.unitName,
      bloodGroup: e.bloodGroup,
      photo: photos[i],
      address: address || '—',
      emergencyContact: e.emergencyContactName
        ? `${e.emergencyContactName}${e.emergencyContactRelation ? ` (${e.emergencyContactRelation})` : ''}${e.emergencyContactMobile ? `, ${e.emergencyContactMobile}` : ''}`
        : '—',
      mobile: e.mobile,
      validUntil: DMY(validUntil),
    };
  });
  return {
    organisationName: org?.name ?? '',
    organisationAddress: org?.address ?? '',
    logo: org?.logo && /^data:image\/(png|jpe?g);base64,/i.test(org.logo) ? org.logo : null,
    cards,
  };
}
