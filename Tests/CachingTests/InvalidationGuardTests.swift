import Caching
import Testing

/// The store-if-unchanged rule: a result read before an invalidation of
/// what it depends on is never stored after it.
struct InvalidationGuardTests {
    @Test func anInvalidationVoidsEarlierTicketsOfItsStripeOnly() {
        var invalidations = InvalidationGuard(stripeCount: 4)
        let ticket = invalidations.ticket
        invalidations.invalidate(hash: 1)
        #expect(!invalidations.admits(ticket, hash: 1))
        #expect(!invalidations.admits(ticket, hash: 5))  // the same stripe of four
        #expect(invalidations.admits(ticket, hash: 2))
        #expect(invalidations.admits(ticket))
        #expect(invalidations.admits(invalidations.ticket, hash: 1))
    }

    @Test func invalidatingAllVoidsEveryEarlierTicket() {
        var invalidations = InvalidationGuard(stripeCount: 4)
        let ticket = invalidations.ticket
        invalidations.invalidateAll()
        #expect(!invalidations.admits(ticket))
        #expect(!invalidations.admits(ticket, hash: 2))
        #expect(invalidations.admits(invalidations.ticket, hash: 2))
    }

    @Test func whileSuspendedNothingIsAdmitted() {
        var invalidations = InvalidationGuard(stripeCount: 4)
        invalidations.invalidateAll(suspended: true)
        #expect(invalidations.isSuspended)
        #expect(!invalidations.admits(invalidations.ticket))
        let ticket = invalidations.ticket
        invalidations.invalidateAll(suspended: false)
        #expect(!invalidations.admits(ticket))
        #expect(invalidations.admits(invalidations.ticket, hash: 3))
    }

    /// A later invalidation of another stripe leaves a ticket's own stripes alone.
    @Test func laterInvalidationsElsewhereDoNotVoidATicket() {
        var invalidations = InvalidationGuard(stripeCount: 4)
        invalidations.invalidate(hash: 1)
        let ticket = invalidations.ticket
        invalidations.invalidate(hash: 2)
        #expect(invalidations.admits(ticket, hash: 1))
        #expect(!invalidations.admits(ticket, hash: 2))
    }
}
