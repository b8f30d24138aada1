import Foundation
import Prometheus

/// The Prometheus series `/metrics` exposes. Each server has its own registry (no global bootstrap),
/// so tests can run several servers in one process.
package final class ServiceMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    private static let latencyBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    // The series of each label set, made once: the registry's lookup (descriptor name, label array, its lock)
    // cost more than the increment on every request. Label values are bounded (routes, statuses, formats, codes).
    private let requestSeries = SeriesCache<RequestKey, (Counter, DurationHistogram)>()
    private let decodeSeries = SeriesCache<DecodeKey, Counter>()
    private let errorSeries = SeriesCache<String, Counter>()

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct DecodeKey: Hashable {
        var format: String?
        var status: String
    }

    package init() {}

    package func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let (counter, histogram) = requestSeries.get(RequestKey(route: route, method: method, status: status)) {
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let counter = registry.makeCounter(descriptor: .init(namespace: "giro", metricName: "http_requests", unitName: "total",
                                                                 helpText: "HTTP requests answered"), labels: labels)
            let histogram = registry.makeDurationHistogram(
                descriptor: .init(namespace: "giro", metricName: "http_request_duration", unitName: "seconds",
                                  helpText: "Time to the response head"),
                labels: [("route", route)], buckets: Self.latencyBuckets)
            return (counter, histogram)
        }
        counter.increment()
        histogram.record(duration)
    }

    /// One decoded payload (status `valid`, `uncertain`, or `invalid` for a rejected one).
    package func recordDecode(format: String?, status: String) {
        decodeSeries.get(DecodeKey(format: format, status: status)) {
            registry.makeCounter(descriptor: .init(namespace: "giro", metricName: "decodes", unitName: "total",
                                                   helpText: "Payloads decoded, by format and record status"),
                                 labels: [("format", format ?? "none"), ("status", status)])
        }.increment()
    }

    /// One error answered or one failed batch line, by its stable code.
    package func recordError(code: String) {
        errorSeries.get(code) {
            registry.makeCounter(descriptor: .init(namespace: "giro", metricName: "errors", unitName: "total",
                                                   helpText: "Errors, by Giro error code"),
                                 labels: [("code", code)])
        }.increment()
    }

    /// Batch lines answered with a record and with an error.
    package func recordBatchLines(records: Int, errors: Int) {
        let descriptor = MetricNameDescriptor(namespace: "giro", metricName: "batch_lines", unitName: "total",
                                              helpText: "Batch lines answered, by result")
        if records > 0 { registry.makeCounter(descriptor: descriptor, labels: [("result", "record")]).increment(by: Int64(records)) }
        if errors > 0 { registry.makeCounter(descriptor: descriptor, labels: [("result", "error")]).increment(by: Int64(errors)) }
    }

    /// `/v1` requests holding a slot and waiting for one, read when `/metrics` is scraped: both fall back
    /// to 0 once the work of finished, failed and abandoned requests has been freed.
    package func recordSlots(inFlight: Int, queued: Int) {
        registry.makeGauge(descriptor: .init(namespace: "giro", metricName: "http_in_flight", unitName: "requests",
                                             helpText: "Requests holding a processing slot")).set(Int64(inFlight))
        registry.makeGauge(descriptor: .init(namespace: "giro", metricName: "http_queued", unitName: "requests",
                                             helpText: "Requests waiting for a processing slot")).set(Int64(queued))
    }

    package func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// Metric series by label set, made on first use (Prometheus series are classes that count atomically).
final class SeriesCache<Key: Hashable, Series>: @unchecked Sendable {
    private let lock = NSLock()
    private var series: [Key: Series] = [:]

    func get(_ key: Key, make: () -> Series) -> Series {
        if let known = lock.withLock({ series[key] }) { return known }
        let made = make()
        lock.withLock { series[key] = made }
        return made
    }
}
