import { Loader, Paper, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { ReportChartProps } from './report-chart.tsx';

const ReportChart = lazy(() => import('./report-chart.tsx'));

/**
 * A chart with its heading and a text alternative (the chart itself is hidden from assistive
 * technology; the table beside it holds the same figures). The chart code loads lazily.
 */
export function ChartCard({ title, text, chart }: { title: string; text: string; chart: ReportChartProps }) {
  return (
    <Paper withBorder p="md" component="figure" m={0}>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text size="sm" c="gray.7" mb="sm" component="figcaption">
        {text}
      </Text>
      <Suspense fallback={<Loader size="sm" />}>
        <ReportChart {...chart} />
      </Suspense>
    </Paper>
  );
}
