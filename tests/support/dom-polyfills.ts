/**
 * Small jsdom gaps that Radix UI, sonner and react-day-picker run into. Load it in the "components"
 * Jest project (setupFilesAfterEnv). Each polyfill only applies where jsdom lacks the API.
 */

if (typeof window !== "undefined") {
  if (!("ResizeObserver" in window)) {
    class ResizeObserverStub implements ResizeObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, "ResizeObserver", {
      configurable: true,
      writable: true,
      value: ResizeObserverStub,
    });
  }

  if (typeof window.matchMedia !== "function") {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  // Radix (Select, Slider, …) and user-event use pointer capture and scrollIntoView.
  const elementProto = window.Element.prototype;
  if (typeof elementProto.hasPointerCapture !== "function") {
    elementProto.hasPointerCapture = () => false;
  }
  if (typeof elementProto.setPointerCapture !== "function") {
    elementProto.setPointerCapture = () => {};
  }
  if (typeof elementProto.releasePointerCapture !== "function") {
    elementProto.releasePointerCapture = () => {};
  }
  if (typeof elementProto.scrollIntoView !== "function") {
    elementProto.scrollIntoView = () => {};
  }

  if (typeof window.PointerEvent !== "function") {
    class PointerEventPolyfill extends MouseEvent implements Partial<PointerEvent> {
      readonly pointerId: number;
      readonly pointerType: string;
      readonly isPrimary: boolean;
      readonly width: number;
      readonly height: number;
      readonly pressure: number;

      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? "mouse";
        this.isPrimary = init.isPrimary ?? true;
        this.width = init.width ?? 1;
        this.height = init.height ?? 1;
        this.pressure = init.pressure ?? 0;
      }
    }
    Object.defineProperty(window, "PointerEvent", {
      configurable: true,
      writable: true,
      value: PointerEventPolyfill,
    });
  }
}

export {};
