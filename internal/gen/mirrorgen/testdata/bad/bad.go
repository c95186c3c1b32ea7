// Package bad holds types that mirrorgen cannot mirror.
package bad

// Hidden has an unexported field.
type Hidden struct {
	X int
	y int
}

// Chan holds a channel of a type of the package.
type Chan struct {
	C chan Item
}

// Item is a type of the package.
type Item struct {
	N int
}

// Ptr is a pointer type.
type Ptr *Item
