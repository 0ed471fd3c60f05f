import Foundation
import Synchronization

/// Runs one loop on several real threads at once, so that a data race in what the loop calls can
/// happen (and ThreadSanitizer can see it), and measures that the threads really overlapped.
///
/// The threads are started together (they wait at a barrier), then each runs `iterations` calls of
/// `body`. Around each call a relaxed atomic counts the threads inside a call; relaxed, so the count
/// itself orders nothing between the threads and hides no race from ThreadSanitizer. A thread that
/// finishes its iterations before any overlap was seen keeps going (for up to 10 s from the start)
/// until one is.
///
/// ```swift
/// let run = OverlappingThreads.run(threads: 8, iterations: 100) { thread, iteration in try work(thread) }
/// #expect(run.errors == [])
/// #expect(run.mostInsideAtOnce >= 2)
/// ```
public enum OverlappingThreads {
    /// What a run saw.
    public struct Report: Sendable {
        /// The most threads inside a call of `body` at one moment: at least 2 when they overlapped.
        public var mostInsideAtOnce: Int
        /// The calls each thread made.
        public var calls: [Int]
        /// What the calls threw, as `thread N, call M: error`.
        public var errors: [String]
    }

    /// Runs `body(thread, call)` `iterations` times on each of `threads` new threads, all started together.
    public static func run(
        threads: Int, iterations: Int,
        _ body: @escaping @Sendable (_ thread: Int, _ call: Int) throws -> Void
    ) -> Report {
        let shared = Shared(threads: threads)
        let finished = DispatchGroup()
        for thread in 0..<threads {
            finished.enter()
            let worker = Thread {
                shared.arriveAndWait()
                let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
                var call = 0, errors: [String] = []
                while call < iterations
                    || (shared.mostInsideAtOnce.load(ordering: .relaxed) < 2 && DispatchTime.now().uptimeNanoseconds < deadline)
                {
                    shared.mostInsideAtOnce.raise(to: shared.inside.add(1, ordering: .relaxed).newValue)
                    do {
                        try body(thread, call)
                    } catch {
                        errors.append("thread \(thread), call \(call): \(error)")
                    }
                    shared.inside.subtract(1, ordering: .relaxed)
                    call += 1
                }
                shared.finish(thread: thread, calls: call, errors: errors)
                finished.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        finished.wait()
        return shared.report
    }

    /// The state the threads share: the barrier, the counters and what each thread reports at its end.
    private final class Shared: Sendable {
        let inside = Atomic<Int>(0)
        let mostInsideAtOnce = Atomic<Int>(0)
        private let threads: Int
        private let state: Mutex<(arrived: Int, calls: [Int], errors: [String])>
        private let barrier = NSCondition()

        init(threads: Int) {
            self.threads = threads
            state = Mutex((arrived: 0, calls: Array(repeating: 0, count: threads), errors: []))
        }

        /// Blocks until all the threads have arrived.
        func arriveAndWait() {
            barrier.lock()
            let arrived = state.withLock { state in
                state.arrived += 1
                return state.arrived
            }
            if arrived == threads { barrier.broadcast() }
            while state.withLock({ $0.arrived }) < threads { barrier.wait() }
            barrier.unlock()
        }

        func finish(thread: Int, calls: Int, errors: [String]) {
            state.withLock { state in
                state.calls[thread] = calls
                state.errors += errors
            }
        }

        var report: Report {
            state.withLock { state in
                Report(mostInsideAtOnce: mostInsideAtOnce.load(ordering: .relaxed), calls: state.calls, errors: state.errors)
            }
        }
    }
}

private extension Atomic where Value == Int {
    /// Raises the value to `candidate` if it is lower (relaxed: it orders nothing else).
    func raise(to candidate: Int) {
        var current = load(ordering: .relaxed)
        while current < candidate {
            let (exchanged, original) = compareExchange(expected: current, desired: candidate, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
