export interface NavItem {
  label: string;
  to: string;
}

/** A link is active when the path starts with its path; the root link never is. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return to !== '/' && (pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`));
}

export const NAV_LABEL = 'Основное меню';
