// The Labour Codes' definition of wages as dated data (kind 'code_wages', read by wages.ts): registered in
// STATUTORY_PARAMETERS (parameters.ts) and seeded into statutory_parameters like every other kind.
import type { CodeWagesParameters } from './wages';

type Row = { kind: 'code_wages'; stateCode: null; effectiveFrom: string; source: string; data: Omit<CodeWagesParameters, 'effectiveFrom'> };

export const CODE_WAGES_ROWS: Row[] = [
  {
    kind: 'code_wages',
    stateCode: null,
    effectiveFrom: '2025-11-21',
    source:
      'Code on Wages 2019 s.2(y) and its first proviso (the same definition: Code on Social Security 2020 s.2(88)), in force ' +
      'from 21 Nov 2025 (MoLE S.O. 5322(E) of 21 Nov 2025: Code on Wages ss.1–41; S.O. 5319(E) of the same day: Code on ' +
      'Social Security ss.1–14, 17–141; PIB release 2192463). Wages = basic pay, dearness allowance and retaining allowance; where the payments of ' +
      'clauses (a) to (i) exceed one-half of all remuneration, the excess is added to wages. MoLE FAQs on the Labour Codes ' +
      '(labour.gov.in/en/faqs-labour-codes, Q2–Q5): gratuity and retrenchment compensation are outside the test; incentives, ' +
      'ESOPs, reimbursements and leave encashment are not remuneration for it. PF wages (SS Code s.2(88) for Chapter III), ' +
      'bonus (Code on Wages Part IV) and gratuity (SS Code s.53) follow it; ESI keeps its own wage heads (all remuneration ' +
      'paid at intervals up to two months, which is never below the Code’s wages). The month of November 2025 is ' +
      'day-weighted (10 of 30 days), as the PF ceiling change of September 2026.',
    data: {
      midMonthRule: 'dayWeighted',
      excludedLimitPercent: 50,
      testedClasses: ['allowance', 'bonus', 'amenity', 'conveyance', 'special_expenses', 'hra', 'award', 'overtime', 'commission'],
      appliesTo: ['pf', 'bonus', 'gratuity'],
    },
  },
];
