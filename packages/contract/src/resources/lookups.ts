import { defineResource } from './define';
import { f } from './fields';

/** A plain look-up list: name and optional code. */
const lookup = (name: string, path: string, title: string) =>
  defineResource({
    name,
    path,
    title,
    fields: {
      name: f.text('Name'),
      code: f.code('Code', { required: false, max: 30 }),
    },
    searchable: ['name', 'code'],
    unique: [['name']],
  });

export const country = lookup('country', 'country', 'Country');
export const campus = lookup('campus', 'campus', 'Campus');
export const division = lookup('division', 'division', 'Division');
export const educationMode = lookup('educationMode', 'education-mode', 'Education Mode');
export const fellowshipStatus = lookup('fellowshipStatus', 'fellowship-status', 'Fellowship Status');
export const jobNature = lookup('jobNature', 'job-nature', 'Job Nature');
export const position = lookup('position', 'position', 'Position');
export const academicDomain = lookup('academicDomain', 'academic-domain', 'Academic Domain');
export const academicStatus = lookup('academicStatus', 'academic-status', 'Academic Status');
export const maritalStatus = lookup('maritalStatus', 'marital-status', 'Marital Status');
export const patentStatus = lookup('patentStatus', 'patent-status', 'Patent Status');
export const region = lookup('region', 'region', 'Region');
export const responsibility = lookup('responsibility', 'responsibility', 'Responsibility');
export const written = lookup('written', 'written', 'Written Works Type');
export const category = lookup('category', 'category', 'Category');
/** The spec's "session" master: academic sessions such as 2026-27. */
export const academicSession = lookup('academicSession', 'session', 'Session');

export const mobileCode = defineResource({
  name: 'mobileCode',
  path: 'mobile-code',
  title: 'Mobile Code',
  fields: {
    code: f.text('Dialling code', {
      max: 8,
      help: 'e.g. +91',
      sample: (n) => `+${(Number.parseInt(n.replace(/\D/g, '').slice(-5) || '7', 10) % 99999) + 1000}`,
    }),
    name: f.text('Country'),
  },
  labelField: 'code',
  searchable: ['code', 'name'],
  unique: [['code']],
});

export const state = defineResource({
  name: 'state',
  path: 'state',
  title: 'State',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { required: false, max: 30 }),
    countryId: f.select('Country', 'country'),
    isUnionTerritory: f.boolean('Union territory'),
  },
  searchable: ['name', 'code'],
  filters: ['countryId', 'isUnionTerritory'],
  unique: [['countryId', 'name']],
});

export const city = defineResource({
  name: 'city',
  path: 'city',
  title: 'City',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { required: false, max: 30 }),
    stateId: f.select('State', 'state'),
  },
  searchable: ['name', 'code'],
  filters: ['stateId'],
  unique: [['stateId', 'name']],
});

export const area = defineResource({
  name: 'area',
  path: 'area',
  title: 'Area',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { required: false, max: 30 }),
    pinCode: f.identifier('PIN code', 'pincode', { sample: '560011' }),
    cityId: f.select('City', 'city'),
  },
  searchable: ['name', 'code', 'pinCode'],
  filters: ['cityId'],
  unique: [['cityId', 'name']],
});

export const lookups = [
  country,
  state,
  city,
  area,
  campus,
  division,
  region,
  educationMode,
  fellowshipStatus,
  jobNature,
  mobileCode,
  position,
  academicDomain,
  academicStatus,
  maritalStatus,
  patentStatus,
  responsibility,
  written,
  category,
  academicSession,
] as const;
