import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toaster';
import { TOAST_SWIPE_THRESHOLD_PX } from './toast';
import { toast, useToast, TOAST_REMOVE_DELAY_MS } from './use-toast';
import {
  TooltipProvider,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from './tooltip';

describe('Toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('When two toasts are raised, then only the latest is visible', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('When a toast has been shown for 5000 ms, then it closes', () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short lived' });
    });
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Short lived')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Short lived')).not.toBeInTheDocument();
  });

  it('When a toast is dismissed, then it leaves the screen at once and the store only after 1,000,000 ms', () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    jest.useFakeTimers();
    render(<Toaster />);
    const store = renderHook(() => useToast());
    let shown!: ReturnType<typeof toast>;
    act(() => {
      shown = toast({ title: 'Dismiss me' });
    });
    expect(screen.getByText('Dismiss me')).toBeInTheDocument();
    act(() => shown.dismiss());
    expect(screen.queryByText('Dismiss me')).not.toBeInTheDocument();
    const kept = () => store.result.current.toasts.find((t) => t.id === shown.id);
    expect(kept()).toMatchObject({ open: false });
    act(() => jest.advanceTimersByTime(999_999));
    expect(kept()).toBeDefined();
    act(() => jest.advanceTimersByTime(1));
    expect(kept()).toBeUndefined();
  });

  describe('swiping a toast (threshold 50 px, to the right)', () => {
    /** Presses on the toast, drags it dx px sideways and lets go, as a mouse or a finger would. */
    async function swipe(el: Element, dx: number) {
      const at = (x: number) => ({ target: el, coords: { clientX: x, clientY: 100 } });
      await userEvent.pointer([
        { keys: '[MouseLeft>]', ...at(100) },
        at(100 + dx / 2),
        at(100 + dx),
        { keys: '[/MouseLeft]', ...at(100 + dx) },
      ]);
    }
    const raise = (title: string) => {
      render(<Toaster />);
      act(() => {
        toast({ title });
      });
      return screen.getByText(title).closest('li')!;
    };

    it('When a toast is swiped right past 50 px, then it is dismissed', async () => {
      expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
      const el = raise('Swipe me right');
      await swipe(el, 60);
      expect(screen.queryByText('Swipe me right')).not.toBeInTheDocument();
    });

    it('When a toast is swiped right by less than 50 px, then it stays', async () => {
      const el = raise('Short swipe');
      await swipe(el, 40);
      expect(screen.getByText('Short swipe')).toBeInTheDocument();
      expect(el).toHaveAttribute('data-swipe', 'cancel');
    });

    it('When a toast is swiped left, then it stays', async () => {
      const el = raise('Swipe me left');
      await swipe(el, -120);
      expect(screen.getByText('Swipe me left')).toBeInTheDocument();
    });
  });

  it('When the toasts render, then their region is reachable with F8 and limited to 420px on md screens', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: /F8/ });
    expect(region.querySelector('ol')).toHaveClass('md:max-w-[420px]');
  });

  it('When a tooltip provider is used, then it opens after 700 ms and skips after 300 ms', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    render(
      <TooltipProvider>
        <Tooltip defaultOpen>
          <TooltipTrigger>Help</TooltipTrigger>
          <TooltipContent>Helpful text</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(screen.getAllByText('Helpful text').length).toBeGreaterThan(0);
  });
});
