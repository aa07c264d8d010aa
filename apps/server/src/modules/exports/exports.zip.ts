import { zipSync, strToU8, type Zippable } from 'fflate';
import { DATA_EXPORT_SECTIONS, type DataExportSection } from '@tribes/shared';
import type { PersonalDataPart } from './exports.ports.js';

/** Every section of an export, its sources' shares joined: `profile` an object, every other an array. */
export function mergeSections(parts: PersonalDataPart[]): Record<DataExportSection, unknown> {
  const merged = Object.fromEntries(DATA_EXPORT_SECTIONS.map((s) => [s, s === 'profile' ? {} : []])) as Record<
    DataExportSection,
    unknown
  >;
  for (const part of parts) {
    for (const [section, value] of Object.entries(part.sections) as [DataExportSection, unknown][]) {
      const current = merged[section];
      merged[section] = Array.isArray(current) && Array.isArray(value) ? [...current, ...value] : value;
    }
  }
  return merged;
}

/**
 * The ZIP: a README, one `<section>.json` per section, and the member's files under `media/`.
 * Images are already compressed: stored as they are (level 0), the JSON deflated.
 */
export function buildZip(readme: string, sections: Record<DataExportSection, unknown>, media: Map<string, Uint8Array>): Buffer {
  const files: Zippable = { 'README.txt': strToU8(`${readme}\n`) };
  for (const [section, value] of Object.entries(sections)) {
    files[`${section}.json`] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  }
  for (const [key, bytes] of media) files[`media/${key}`] = [bytes, { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
