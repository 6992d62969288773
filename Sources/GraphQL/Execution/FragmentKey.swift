/// What an object's completed value depends on besides its selection: an
/// object type that can name it (`ObjectType.fragmentKey`) lets the executor
/// write the value once and copy its bytes for every later object with an
/// equal key under an equal selection (`FragmentCache`).
///
/// Equal means the same instances (`===`) and the same numbers. The
/// instances must be immutable: then equal keys mean equal data, and nothing
/// has to be invalidated; data that changes arrives as new instances, so a
/// changed object simply has another key. The key holds them, so no other
/// object can take their addresses while it is cached.
package struct FragmentKey: Hashable, Sendable {
    let object: any AnyObject & Sendable
    let other: (any AnyObject & Sendable)?
    let value: Int
    let detail: Int
    /// The identities and numbers mixed once, so that hashing the key and
    /// telling most unequal keys apart read no more than this word.
    let mixed: UInt64

    package init(_ object: any AnyObject & Sendable, _ other: (any AnyObject & Sendable)? = nil, value: Int = 0, detail: Int = 0) {
        self.object = object
        self.other = other
        self.value = value
        self.detail = detail
        var mixed = UInt64(UInt(bitPattern: ObjectIdentifier(object))) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (other.map { UInt64(UInt(bitPattern: ObjectIdentifier($0))) } ?? 0)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 31) ^ UInt64(UInt(bitPattern: value))) &* 0x94D0_49BB_1331_11EB
        mixed = (mixed ^ (mixed >> 29) ^ UInt64(UInt(bitPattern: detail))) &* 0x9E37_79B9_7F4A_7C15
        self.mixed = mixed ^ (mixed >> 32)
    }

    package static func == (lhs: FragmentKey, rhs: FragmentKey) -> Bool {
        lhs.mixed == rhs.mixed && lhs.object === rhs.object && lhs.other === rhs.other
            && lhs.value == rhs.value && lhs.detail == rhs.detail
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(mixed)
    }
}

/// Which of an object type's fields a selection asks for (by field name,
/// aliases aside), so a key names only the data those fields read: a
/// moment's key leaves its likes out when no like field is selected, and
/// so does not read them.
package struct FragmentSelection: Sendable {
    let fieldNames: Set<String>

    package func includesAny(of fieldNames: [String]) -> Bool {
        fieldNames.contains { self.fieldNames.contains($0) }
    }
}

/// An object type's key function: the key of `source` under `selection`, or
/// nil to complete this object without the cache. It must cover everything
/// the selected fields read (the schema's promise: the executor cannot check
/// it; `FragmentCacheTests` and the app's differential tests do). An error it
/// throws is treated as nil: the fields then run and report it themselves.
package typealias FragmentKeyFunction = @Sendable (_ source: AnyObject, _ selection: FragmentSelection) throws -> FragmentKey?
