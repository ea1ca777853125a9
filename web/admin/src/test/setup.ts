// The admin's component tests run in jest's web project with the shell's: one setup for both, jest-dom and the
// jsdom shims (pointer capture, scrollIntoView, ResizeObserver, TextEncoder) that Radix and react-router call.
import '../../../shell/src/test/setup';
