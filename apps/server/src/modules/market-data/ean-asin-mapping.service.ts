import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { z } from 'zod';
import type { mappingBodySchema, Mapping } from '@dealradar/shared/contracts/market-data';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { deleteMapping, findMapping, findMappingByEan, insertMapping, listMappings, updateMapping, type MappingRow } from './market-data.repository.ts';

/** Admin CRUD of EAN-ASIN mappings (SPEC §7). Routes are admin-only; look-ups read mappings fresh each time. */

const NOT_FOUND = 'This EAN-ASIN mapping does not exist.';
type MappingFields = z.output<typeof mappingBodySchema>;

function toDto(row: MappingRow): Mapping {
  return {
    id: row.id,
    ean: row.ean,
    asin: row.asin,
    name: row.name,
    brand: row.brand,
    numberOfPacks: row.numberOfPacks,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function pageMappings(deps: Pick<AppDeps, 'db'>, page: number, size: number): Promise<Paged<Mapping>> {
  const { rows, total } = await listMappings(deps.db, page, size);
  return toPaged(rows.map(toDto), total, size);
}

/** POST /ean-asin-mapping: the body was validated by the route's contract (mappingBodySchema). */
export async function createMapping(deps: Pick<AppDeps, 'clock' | 'db'>, input: MappingFields): Promise<Mapping> {
  if (await findMappingByEan(deps.db, input.ean)) throw conflict(`A mapping for EAN ${input.ean} already exists. Edit it instead.`);
  try {
    return toDto(await insertMapping(deps.db, input, deps.clock.now()));
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(`A mapping for EAN ${input.ean} already exists. Edit it instead.`);
    throw error;
  }
}

export async function changeMapping(deps: Pick<AppDeps, 'clock' | 'db'>, id: string, input: MappingFields): Promise<Mapping> {
  if (!isUuid(id) || !(await findMapping(deps.db, id))) throw notFound(NOT_FOUND);
  const other = await findMappingByEan(deps.db, input.ean);
  if (other && other.id !== id) throw conflict(`A mapping for EAN ${input.ean} already exists. Edit it instead.`);
  const row = await updateMapping(deps.db, id, input, deps.clock.now());
  if (!row) throw notFound(NOT_FOUND);
  return toDto(row);
}

export async function removeMapping(deps: Pick<AppDeps, 'db'>, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteMapping(deps.db, id))) throw notFound(NOT_FOUND);
}
