import type { ReactNode } from "react";
import { AreaChart, BarChart, CompositeChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { formatSeconds } from "./analytics-filter";

/**
 * The charts of /analytics (@mantine/charts on recharts). This module is loaded only when the
 * analytics screen draws its first chart (React.lazy in AnalyticsPage): the charting library
 * stays out of the /login and /display bundles and out of the shared chunks.
 */
export type ChartSpec =
  | { kind: "response"; label: string; data: { name: string; median: number | null; p90: number | null }[]; medianLabel: string; p90Label: string }
  | { kind: "hours"; label: string; data: { hour: string; opened: number; median: number | null }[]; openedLabel: string; medianLabel: string }
  | { kind: "days"; label: string; data: { date: string; opened: number }[]; openedLabel: string };

const count = (value: number): string => String(Math.round(value));
/** Periods up to two months show a bar per day; longer ones an area. */
const DAYS_AS_BARS = 62;
/**
 * No growing bars: a figure is read, not watched, and the animation's frames would compete with
 * the other cards still drawing (bench/analytics-page.ts).
 */
const STILL = { isAnimationActive: false } as const;

export default function AnalyticsChart({ spec }: { spec: ChartSpec }): ReactNode {
  // The chart is a picture for sighted users; the card's table view carries the same numbers as text.
  const frame = { role: "img", "aria-label": spec.label } as const;
  switch (spec.kind) {
    case "response":
      return (
        <div {...frame}>
          <BarChart
            h={Math.max(180, 60 + spec.data.length * (spec.data.length > 4 ? 38 : 50))}
            data={spec.data}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 130, interval: 0 }}
            valueFormatter={(v) => formatSeconds(v)}
            series={[
              { name: "median", label: spec.medianLabel, color: "blue.7" },
              { name: "p90", label: spec.p90Label, color: "orange.7" },
            ]}
            withLegend
            legendProps={{ verticalAlign: "top" }}
            barProps={STILL}
          />
        </div>
      );
    case "hours":
      return (
        <div {...frame}>
          <CompositeChart
            h={260}
            data={spec.data}
            dataKey="hour"
            withRightYAxis
            valueFormatter={count}
            rightYAxisProps={{ tickFormatter: (v: number) => formatSeconds(v) }}
            series={[
              { name: "opened", label: spec.openedLabel, color: "blue.3", type: "bar" },
              { name: "median", label: spec.medianLabel, color: "orange.8", type: "line", yAxisId: "right" },
            ]}
            withLegend
            legendProps={{ verticalAlign: "top" }}
            barProps={STILL}
            lineProps={STILL}
          />
        </div>
      );
    case "days": {
      const perDay = {
        h: 220,
        data: spec.data,
        dataKey: "date",
        valueFormatter: count,
        series: [{ name: "opened", label: spec.openedLabel, color: "blue.6" }],
      };
      // Beyond two months a bar per day is a few pixels wide, and each one is a component to
      // draw (a year: 365): one area reads as well and draws as one path (bench/analytics-page.ts).
      if (spec.data.length > DAYS_AS_BARS)
        return (
          <div {...frame}>
            <AreaChart {...perDay} curveType="linear" withDots={false} withGradient={false} fillOpacity={0.35} areaProps={STILL} />
          </div>
        );
      return (
        <div {...frame}>
          <BarChart {...perDay} barProps={STILL} />
        </div>
      );
    }
  }
}
