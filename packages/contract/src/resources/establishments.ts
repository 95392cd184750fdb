import { defineResource } from './define';
import { f } from './fields';

/** Seven digits from a sample token (the masters tests' unique token holds digits). */
const digits = (n: string) => n.replace(/\D/g, '').padStart(7, '0').slice(-7);

/**
 * A PF establishment (EPFO code, e.g. KN/BNG/0012345/000) or an ESIC employer (17-digit code) as its own record,
 * covering one or more units: the EPF administration charges and their minimum are the establishment's (issue 25).
 * A unit belongs to at most one establishment of each kind.
 */
export const statutoryEstablishment = defineResource({
  name: 'statutoryEstablishment',
  path: 'statutory-establishment',
  title: 'PF / ESIC Establishment',
  singular: 'Establishment',
  fields: {
    kind: f.choice(
      'Kind',
      [
        { value: 'pf', label: 'PF (EPFO establishment)' },
        { value: 'esi', label: 'ESIC employer' },
      ],
      { default: 'pf' },
    ),
    code: f.code('Code', {
      max: 30,
      help: 'PF: the establishment code as EPFO gives it (KN/BNG/0012345/000 or KNBNG0012345000); ESIC: the 17-digit employer code',
      sample: (n) => `KN/BNG/${digits(n)}/000`,
    }),
    name: f.text('Name', { max: 120 }),
    unitIds: f.multiselect('Units', 'unit', {
      emptyIsNone: true,
      help: 'The units the code covers; a unit has at most one code of each kind',
    }),
  },
  columns: ['kind', 'code', 'name', 'unitIds'],
  searchable: ['code', 'name'],
  filters: ['kind'],
  unique: [['kind', 'code']],
  defaultSort: { field: 'code', dir: 'asc' },
});
