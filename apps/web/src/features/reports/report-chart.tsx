import '@mantine/charts/styles.css';

import { BarChart, LineChart } from '@mantine/charts';
import { formatDisplayDate, formatINR, type Rupees } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { amountPaise } from '../../lib/money.ts';
import { rupeeAxisTicks } from './chart-axis.ts';

/**
 * The report charts (issue 6, "Charts"), in their own lazily loaded chunk with Mantine charts
 * (Recharts underneath), so neither the entry chunk nor the member portal carries them. Each chart
 * is decorative for assistive technology (`aria-hidden`, and `inert` so the chart library's
 * focusable surface is out of the tab order too): the caller puts a heading and a text
 * alternative beside it, and the table under it holds the same figures.
 */
export type ReportChartProps =
  | { kind: 'daily'; series: { day: string; amount: number; count: number }[] }
  | { kind: 'methods'; data: { method: string; amount: number; count: number }[]; methodLabel: (m: string) => string }
  | { kind: 'heads'; data: { name: string; collected: number; outstanding: number }[] }
  | { kind: 'years'; data: { year: number; totalReceivable: number; collected: number }[] };

// The chart hands its values back as plain numbers: the rupee amounts it was given, and its axis ticks.
const money = (value: number) => formatINR(amountPaise(value as Rupees));
/** The largest of `values` (0 for none): the value an axis's unit is chosen by. */
const largest = (values: number[]) => values.reduce((max, value) => Math.max(max, value), 0);

/** The axis ticks of each chart, in one unit chosen by the largest value it shows (`rupeeAxisTicks`). */
function axisTicksOf(props: ReportChartProps): (rupees: number) => string {
  switch (props.kind) {
    case 'daily':
      return rupeeAxisTicks(largest(props.series.map((point) => point.amount)));
    case 'methods':
      return rupeeAxisTicks(largest(props.data.map((row) => row.amount)));
    case 'heads':
      return rupeeAxisTicks(largest(props.data.map((row) => row.collected + row.outstanding)));
    case 'years':
      return rupeeAxisTicks(largest(props.data.flatMap((row) => [row.totalReceivable, row.collected])));
  }
}

/** One chart of a report tab. */
export default function ReportChart(props: ReportChartProps) {
  const { t } = useTranslation();
  const compact = axisTicksOf(props);
  const common = {
    h: 260,
    valueFormatter: money,
    yAxisProps: { tickFormatter: compact, width: 64 },
    gridAxis: 'y' as const,
  };
  switch (props.kind) {
    case 'daily':
      return (
        <div aria-hidden inert>
          <BarChart
            {...common}
            data={props.series.map((point) => ({
              day: formatDisplayDate(point.day).slice(0, 5),
              amount: point.amount,
            }))}
            dataKey="day"
            series={[{ name: 'amount', label: t('reports.daily.amount'), color: 'blue.6' }]}
          />
        </div>
      );
    case 'methods':
      return (
        <div aria-hidden inert>
          <BarChart
            h={Math.max(160, props.data.length * 44)}
            valueFormatter={money}
            orientation="vertical"
            data={props.data.map((row) => ({ method: props.methodLabel(row.method), amount: row.amount }))}
            dataKey="method"
            series={[{ name: 'amount', label: t('reports.overview.amount'), color: 'teal.6' }]}
            xAxisProps={{ tickFormatter: compact }}
            yAxisProps={{ width: 110 }}
            gridAxis="x"
          />
        </div>
      );
    case 'heads':
      return (
        <div aria-hidden inert>
          <BarChart
            h={Math.max(200, props.data.length * 40)}
            valueFormatter={money}
            orientation="vertical"
            type="stacked"
            withLegend
            data={props.data.map((row) => ({
              name: row.name.length > 18 ? `${row.name.slice(0, 17)}…` : row.name,
              collected: row.collected,
              outstanding: row.outstanding,
            }))}
            dataKey="name"
            series={[
              { name: 'collected', label: t('reports.head.collected'), color: 'green.6' },
              { name: 'outstanding', label: t('reports.head.outstanding'), color: 'orange.5' },
            ]}
            xAxisProps={{ tickFormatter: compact }}
            yAxisProps={{ width: 120 }}
            gridAxis="x"
          />
        </div>
      );
    case 'years':
      return (
        <div aria-hidden inert>
          {props.data.length > 6 ? (
            <LineChart
              {...common}
              withLegend
              data={props.data.map((row) => ({ ...row, year: String(row.year) }))}
              dataKey="year"
              series={[
                { name: 'totalReceivable', label: t('reports.yearwise.totalReceivable'), color: 'indigo.6' },
                { name: 'collected', label: t('reports.yearwise.collected'), color: 'green.6' },
              ]}
              curveType="linear"
            />
          ) : (
            <BarChart
              {...common}
              withLegend
              data={props.data.map((row) => ({ ...row, year: String(row.year) }))}
              dataKey="year"
              series={[
                { name: 'totalReceivable', label: t('reports.yearwise.totalReceivable'), color: 'indigo.6' },
                { name: 'collected', label: t('reports.yearwise.collected'), color: 'green.6' },
              ]}
              maxBarWidth={60}
            />
          )}
        </div>
      );
  }
}
