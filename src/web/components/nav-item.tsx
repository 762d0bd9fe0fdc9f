import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './nav-item.module.css';

interface NavItemProps {
  icon: Icon;
  label: ReactNode;
  active?: boolean;
  onClick?: () => void;
}

/**
 * A menu entry: a link when given `to`, else a button. Lighter than Mantine's NavLink (no nested-menu
 * collapse), which keeps the first bundle within its budget.
 */
export function NavItem({
  to,
  icon: ItemIcon,
  label,
  active,
  onClick,
  disabled,
}: NavItemProps & { to?: string; disabled?: boolean }) {
  const content = (
    <>
      <ItemIcon size={18} aria-hidden />
      <span>{label}</span>
    </>
  );
  return to ? (
    <Link
      to={to}
      className={classes.item}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {content}
    </Link>
  ) : (
    <button type="button" className={classes.item} onClick={onClick} disabled={disabled}>
      {content}
    </button>
  );
}
