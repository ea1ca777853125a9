export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-extrabold tracking-tight ${className}`}>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-primary text-sm text-white"
      >
        12
      </span>
      <span className="text-lg">
        12<span className="text-accent">Yards</span>
      </span>
    </span>
  );
}
