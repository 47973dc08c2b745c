import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ERROR_SUMMARY_TITLE } from '@/shared/ui/formMessages';

/**
 * After a failed submit: the error summary has the focus, lists exactly `expected` (each field's label and its
 * message, in the form's order), and each link moves the focus to its field, by click and by Enter.
 */
export async function expectErrorSummary(user: UserEvent, expected: [label: string, message: string][]) {
  const summary = await screen.findByRole('group', { name: ERROR_SUMMARY_TITLE });
  await waitFor(() => expect(summary).toHaveFocus());
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(expected.map(([, message]) => message));
  for (const [index, [label]] of expected.entries()) {
    await user.click(links[index]);
    const field = screen.getByLabelText(label);
    // A disabled field (the new request's CUPS before a line is chosen) cannot take the focus.
    if (field.matches(':disabled')) expect(field).not.toHaveFocus();
    else expect(field).toHaveFocus();
  }
  // The keyboard path: back to the summary, Tab to the first link, Enter.
  act(() => summary.focus());
  await user.tab();
  expect(links[0]).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByLabelText(expected[0][0])).toHaveFocus();
  return summary;
}
