import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeStories } from '../../test/stories';
import { NotificationBell } from './notification-bell';
import * as stories from './notification-bell.stories';

describeStories('NotificationBell', stories);

describe('NotificationBell', () => {
  it('names the link with the count and caps the visible counter', () => {
    render(<NotificationBell href="/friends" count={120} label="Notifications: 120 waiting" />);
    const link = screen.getByRole('link', { name: 'Notifications: 120 waiting' });
    expect(link.getAttribute('href')).toBe('/friends');
    expect(screen.getByTestId('notification-count').textContent).toBe('99+');
  });
  it('shows no counter when nothing waits', () => {
    render(<NotificationBell href="/friends" count={0} label="Notifications" />);
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });
  it('uses the given link renderer', () => {
    render(
      <NotificationBell
        href="/x"
        count={1}
        label="One"
        renderLink={({ children, ...p }) => (
          <a data-router="yes" {...p}>
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: 'One' }).getAttribute('data-router')).toBe('yes');
  });
});
