import Testing

@testable import ServerMetrics

@Suite struct ExpositionFormatTests {
    @Test(arguments: [
        (nil, ExpositionFormat.prometheusText),
        ("*/*", .prometheusText),
        ("text/plain;version=0.0.4", .prometheusText),
        ("application/openmetrics-text", .openMetrics),
        ("application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2", .openMetrics),
        ("text/plain;q=0.9, application/openmetrics-text;q=0.5", .prometheusText),
        ("application/openmetrics-text;q=0", .prometheusText),
        ("Application/OpenMetrics-Text ; Q=1", .openMetrics),
    ] as [(String?, ExpositionFormat)])
    func negotiatesByQValue(_ accept: String?, _ expected: ExpositionFormat) {
        #expect(ExpositionFormat.negotiate(accept: accept) == expected)
    }

    @Test func rewritesTheTextFormatAsOpenMetrics() {
        let text = """
            # HELP a_total Things.
            # TYPE a_total counter
            a_total{x="1"} 2
            # TYPE g gauge
            g 1.0
            # HELP moments_build_info Build.
            # TYPE moments_build_info gauge
            moments_build_info{version="1"} 1.0

            """
        let expected = """
            # HELP a Things.
            # TYPE a counter
            a_total{x="1"} 2
            # TYPE g gauge
            g 1.0
            # HELP moments_build Build.
            # TYPE moments_build info
            moments_build_info{version="1"} 1.0
            # EOF

            """
        #expect(String(decoding: OpenMetricsRewriter.rewrite(Array(text.utf8)), as: UTF8.self) == expected)
    }
}
