// The declaration form's figures as typed and the contract's request made of them (DeclarationForm): the resolver checks
// the request with the contract's schema (ZTaxDeclarationInput, as PUT /api/…/tax-declaration does) and puts its errors
// on the fields typed (a line's error, by its place among the lines sent, on its section).
import { DECLARATION_SECTIONS, type TTaxDeclaration, type TTaxDeclarationInput, ZTaxDeclarationInput } from '@hr/contract';
import { bodyResolver } from '@/lib/form';

const text = (n: number) => (n ? String(n) : '');
const amount = (t: string): number => (t.trim() === '' ? 0 : Number(t.replace(/,/g, '')));

/** The figures as typed (rupees as text); a line per section. */
export type TDraft = {
  regime: 'new' | 'old';
  rent: string;
  metro: boolean;
  lines: Record<string, string>;
  prevIncome: string;
  prevTds: string;
  otherIncome: string;
  relief89: string;
};
export type TYear = { financialYear: string };

export function draftOf(data: TTaxDeclaration): TDraft {
  const declared = new Map(data.lines.map((l) => [l.section, l.amount]));
  return {
    regime: data.regime,
    rent: text(data.rentPerMonth),
    metro: data.metro,
    lines: Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, text(declared.get(s) ?? 0)])),
    prevIncome: text(data.previousEmployerIncome),
    prevTds: text(data.previousEmployerTds),
    otherIncome: text(data.otherIncome),
    relief89: text(data.relief89),
  };
}

/** The sections sent: those with an amount, in the Act's order (a line's error comes back by its place among them). */
const sentSections = (d: TDraft) => DECLARATION_SECTIONS.filter((s) => amount(d.lines[s] ?? '') !== 0);

function bodyOf(financialYear: string, d: TDraft): TTaxDeclarationInput {
  return {
    financialYear,
    regime: d.regime,
    rentPerMonth: amount(d.rent),
    metro: d.metro,
    lines: sentSections(d).map((s) => ({ section: s, amount: amount(d.lines[s]) })),
    previousEmployerIncome: amount(d.prevIncome),
    previousEmployerTds: amount(d.prevTds),
    otherIncome: amount(d.otherIncome),
    relief89: amount(d.relief89),
  };
}

/** The contract's fields → the form's (a line by its place among those sent → its section). */
export function formNames(d: TDraft): Record<string, string> {
  const lines = sentSections(d).map((s, i) => [`lines.${i}.amount`, `lines.${s}`]);
  return { rentPerMonth: 'rent', previousEmployerIncome: 'prevIncome', previousEmployerTds: 'prevTds', ...Object.fromEntries(lines) };
}

/** The contract's declaration on the figures as typed (the year comes as the form's context), its errors on the form's fields. */
export const RESOLVER = bodyResolver<TDraft, TTaxDeclarationInput, TYear>(
  ZTaxDeclarationInput,
  (values, context) => bodyOf(context?.financialYear ?? '', values),
  { rename: formNames },
);
