import classes from './spinner.module.css';

/** A page-level loading indicator for the first bundle (Mantine's Loader ships three variants). */
export function Spinner({ label }: { label: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 'var(--mantine-spacing-xl)' }}>
      <div className={classes.spinner} role="status" aria-label={label} />
    </div>
  );
}
