import type { ReactNode, SelectHTMLAttributes } from 'react';
import classes from './select-box.module.css';

/** A styled native <select> with an icon on each side: accessible, and it opens the phone's own picker. */
export function SelectBox({
  start,
  end,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { start?: ReactNode; end?: ReactNode }) {
  return (
    <span className={classes.wrapper}>
      {start && <span className={classes.start}>{start}</span>}
      <select className={classes.select} {...props} />
      {end && <span className={classes.end}>{end}</span>}
    </span>
  );
}
