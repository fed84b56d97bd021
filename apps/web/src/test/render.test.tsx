import { Transition } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render.tsx';

// a mantine transition left on a timer fires after its test file's jsdom is gone and fails the
// whole run ("window is not defined"); under test every transition ends at once

function Panel({ shown }: { shown: boolean }) {
  return (
    <Transition mounted={shown} duration={10_000}>
      {(styles) => <p style={styles}>the panel</p>}
    </Transition>
  );
}

describe('the test wrapper', () => {
  it('ends a transition at once, with no timer left behind', () => {
    const { rerender } = renderWithProviders(<Panel shown />);
    expect(screen.getByText('the panel')).toBeTruthy();
    rerender(<Panel shown={false} />);
    expect(screen.queryByText('the panel')).toBeNull();
  });
});
