import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface WeekRow {
  /** The week's Monday, as the axis shows it ('Nov 3'). */
  week: string;
  applications: number;
  partners: number;
}

/**
 * The weekly bars drawn with Recharts (loaded with the Dashboard only). Hidden from screen readers: the figure's
 * text summary and table say the same.
 */
export default function WeeklyChart({ rows }: { rows: WeekRow[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full min-w-0 overflow-hidden">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 256 }}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="applications" name="New applications" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
          <Bar dataKey="partners" name="Partners gained" fill="#15803d" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
