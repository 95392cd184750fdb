import type { TTaxDeclaration } from '@hr/contract';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { formatRupees } from '@/lib/format';
import { Comparison } from './TaxCalculatorScreen';

/** The estimated salary of the year and the two regimes compared on the saved figures. */
export function EstimateSide({ data }: { data: TTaxDeclaration }) {
  const c = data.comparison;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Estimated salary for the year {formatRupees(c.estimatedAnnualSalary)} (the slips so far, the latest month for the rest, a previous
        employer’s salary added); HRA exemption {formatRupees(c.hraExemption)}; professional tax {formatRupees(c.professionalTax)}. Saved
        figures only.
      </p>
      {c.relief89 > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="relief-89">
          Relief under section 89 of {formatRupees(c.relief89)} lowers the tax deducted: new regime {formatRupees(c.netTax.new ?? 0)}, old
          regime {formatRupees(c.netTax.old ?? 0)} after it.
        </p>
      )}
      {c.new && c.old ? (
        <Comparison results={{ new: c.new, old: c.old }} />
      ) : (
        <Alert>
          <AlertDescription>No tax rates are known for {data.financialYear} yet.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
